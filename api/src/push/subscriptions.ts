/**
 * Devices' Web Push subscriptions (issue 50, ADR 032), and the server's VAPID keys. A browser
 * gives its subscription from a signed-in page; the endpoint must pass the endpoint policy and
 * the keys must be a P-256 point and a 16-byte secret, or nothing is stored.
 */
import { createPublicKey } from 'node:crypto';
import webpush from 'web-push';
import type { PushConfig } from '../config.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import { checkPushEndpoint, type EndpointRefusal } from './endpoint.ts';
import type { PushTarget, VapidKeys } from './sender.ts';

const base64url = /^[\w-]+$/;

/** A P-256 public key as a browser gives it: 65 bytes, uncompressed, a point on the curve. */
export function isP256PublicKey(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 100 || !base64url.test(value)) return false;
  const point = Buffer.from(value, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** The authentication secret of a subscription: 16 bytes. */
export const isAuthSecret = (value: unknown): value is string => typeof value === 'string' && value.length <= 30 && base64url.test(value) && Buffer.from(value, 'base64url').length === 16;

export type SubscriptionProblem = { field: 'endpoint'; reason: EndpointRefusal } | { field: 'keys.p256dh' | 'keys.auth' | 'deviceId'; reason: 'invalid' };

export function createPushSubscriptions(db: SqlDatabase, push: PushConfig, now: () => number) {
  let vapid: Promise<VapidKeys> | undefined;

  /** The configured pair, else the one kept in the database, made by whichever instance came first. */
  async function loadVapidKeys(): Promise<VapidKeys> {
    if (push.vapidKeys) return { subject: push.vapidSubject, ...push.vapidKeys };
    const read = async () => (await db.get<{ value: string }>("SELECT value FROM server_keys WHERE name = 'vapid'"))?.value;
    let stored = await read();
    if (stored === undefined) {
      await db.run("INSERT INTO server_keys (name, value, created_at) VALUES ('vapid', ?, ?) ON CONFLICT (name) DO NOTHING", [JSON.stringify(webpush.generateVAPIDKeys()), now()]);
      stored = (await read()) as string;
    }
    const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
    return { subject: push.vapidSubject, publicKey, privateKey };
  }

  /** Stores a device's subscription for the user and the sign-in that saved it (a browser that changes hands changes owner); the problems otherwise. */
  async function save(userId: string, sessionId: string, input: { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } | null; deviceId?: unknown }): Promise<SubscriptionProblem[]> {
    const problems: SubscriptionProblem[] = [];
    const endpoint = await checkPushEndpoint(input.endpoint, { allowedOrigins: push.allowedOrigins });
    if (!endpoint.ok) problems.push({ field: 'endpoint', reason: endpoint.reason });
    if (!isP256PublicKey(input.keys?.p256dh)) problems.push({ field: 'keys.p256dh', reason: 'invalid' });
    if (!isAuthSecret(input.keys?.auth)) problems.push({ field: 'keys.auth', reason: 'invalid' });
    if (typeof input.deviceId !== 'string' || !/^[\w-]{8,64}$/.test(input.deviceId)) problems.push({ field: 'deviceId', reason: 'invalid' });
    if (problems.length > 0) return problems;
    await db.run(
      `INSERT INTO push_subscriptions (endpoint, user_id, device_id, session_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, device_id = excluded.device_id, session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at, last_sent_at = NULL`,
      [input.endpoint as string, userId, input.deviceId as string, sessionId, input.keys?.p256dh as string, input.keys?.auth as string, now()],
    );
    return [];
  }

  return {
    vapidKeys(): Promise<VapidKeys> {
      vapid ??= loadVapidKeys().catch((error: unknown) => {
        vapid = undefined;
        throw error;
      });
      return vapid;
    },

    save,

    /**
     * The browser replaced a subscription (its worker's `pushsubscriptionchange`): the new one takes
     * the old one's device and sign-in. 'unknown' when the person has no such subscription (it
     * was removed, or is someone else's).
     */
    async renew(userId: string, sessionId: string, replaced: string, input: { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } | null }): Promise<SubscriptionProblem[] | 'unknown'> {
      const old = await db.get<{ device_id: string }>('SELECT device_id FROM push_subscriptions WHERE endpoint = ? AND user_id = ?', [replaced, userId]);
      if (!old) return 'unknown';
      // No transaction around the endpoint's check (it may ask DNS): stopped between the two
      // writes, the old endpoint stays until its push service says it is gone.
      const problems = await save(userId, sessionId, { ...input, deviceId: old.device_id });
      if (problems.length === 0 && input.endpoint !== replaced) await db.run('DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?', [replaced, userId]);
      return problems;
    },

    /** Removes the user's subscriptions of one device (it signed out, or the person turned push off there). */
    async removeDevice(userId: string, deviceId: string): Promise<number> {
      return (await db.run('DELETE FROM push_subscriptions WHERE user_id = ? AND device_id = ?', [userId, deviceId])).changes;
    },

    /** Removes one the push service said is gone (404, 410). */
    async removeEndpoint(endpoint: string): Promise<void> {
      await db.run('DELETE FROM push_subscriptions WHERE endpoint = ?', [endpoint]);
    },

    /** Where the user's notices go: every device's subscription. */
    async targetsOf(userId: string): Promise<(PushTarget & { deviceId: string })[]> {
      return db.all('SELECT endpoint, device_id AS "deviceId", p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY created_at', [userId]);
    },
  };
}

export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
