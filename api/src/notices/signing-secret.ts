/**
 * The secret the unsubscribe links are signed with (issue 50): APP_SECRET when set, else one made
 * on first use and kept in the database beside the VAPID keys, so `npm start` needs no setting, a
 * link stays valid across restarts, and every instance on the database reads the same.
 */
import { randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../db/sql/port.ts';

export function createSigningSecret(db: SqlDatabase, configured: string | null, now: () => number): () => Promise<string> {
  let secret: Promise<string> | undefined;
  const load = async () => {
    if (configured) return configured;
    const read = async () => (await db.get<{ value: string }>("SELECT value FROM server_keys WHERE name = 'notice-links'"))?.value;
    const stored = await read();
    if (stored !== undefined) return stored;
    await db.run("INSERT INTO server_keys (name, value, created_at) VALUES ('notice-links', ?, ?) ON CONFLICT (name) DO NOTHING", [randomBytes(32).toString('base64url'), now()]);
    return (await read()) as string;
  };
  return () =>
    (secret ??= load().catch((error: unknown) => {
      secret = undefined;
      throw error;
    }));
}
