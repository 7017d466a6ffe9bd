import { streamSSE } from 'hono/streaming';
import { DEVICE_ID, UUID } from '#protocol/mutations/fields.ts';
import { MAX_PUSH_BATCH, rawSeq } from '#protocol/mutations/index.ts';
import { DomainError, validationError } from '#protocol/errors.ts';
import { findUserById } from '../services/clients.ts';
import type { AppDeps } from '../deps.ts';
import { createRouter, currentUser } from '../http/router.ts';
import { readJsonObject } from '../http/validate.ts';

/** A comment line this often keeps proxies and phones from dropping a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long; the browser reconnects, and the session is checked again. */
const STREAM_LIFETIME_MS = 15 * 60_000;

/**
 * A photo deleted by its owner is gone from the disk too, once the delete is committed (the
 * record stays as a tombstone for the other devices), and so is a deleted message's photo. A
 * delete refused, or of another user's photo, finds no deleted photo of this user and erases nothing.
 */
async function erasePhotosDeleted(deps: AppDeps, userId: string, mutations: unknown[]): Promise<void> {
  for (const mutation of mutations) {
    const { name, args } = mutation as { name?: unknown; args?: { id?: unknown } };
    if ((name !== 'photo.delete' && name !== 'message.delete') || typeof args?.id !== 'string' || !UUID.test(args.id)) continue;
    const photoId = name === 'photo.delete' ? args.id : (await deps.messages.find(userId, args.id))?.photoId;
    if (photoId && (await deps.progressPhotos.find(userId, photoId))?.deleted) await deps.photoFiles.remove(userId, photoId);
  }
}

/** The sync protocol over HTTP (ARCHITECTURE §3): push a device's outbox, pull changes, hear of changes. */
export function syncRoutes(deps: AppDeps) {
  return createRouter('/api/sync')
    .post('/push', 'signedIn', async (c) => {
      const body = await readJsonObject(c);
      const { deviceId, mutations } = body;
      if (typeof deviceId !== 'string' || !DEVICE_ID.test(deviceId)) throw validationError([{ field: 'deviceId', key: 'validation.idInvalid' }]);
      if (!Array.isArray(mutations) || mutations.length > MAX_PUSH_BATCH) throw validationError([{ field: 'mutations', key: 'validation.invalidType' }]);
      // A mutation without a usable seq cannot be consumed or acknowledged: refuse the batch.
      const badSeq = mutations.findIndex((m) => rawSeq(m) === null);
      if (badSeq >= 0) throw validationError([{ field: `mutations[${badSeq}].seq`, key: 'validation.number' }]);
      const userId = currentUser(c).id;
      const result = await deps.groupCommit.run(() => deps.sync.push(userId, deviceId, mutations));
      await erasePhotosDeleted(deps, userId, mutations);
      return c.json(result);
    })

    .get('/pull', 'signedIn', async (c) => {
      const cursorParam = c.req.query('cursor') ?? '0';
      const cursor = Number(cursorParam);
      if (!/^\d{1,15}$/.test(cursorParam) || !Number.isSafeInteger(cursor)) throw validationError([{ field: 'cursor', key: 'validation.number' }]);
      const deviceId = c.req.query('deviceId') ?? null;
      if (deviceId !== null && !DEVICE_ID.test(deviceId)) throw validationError([{ field: 'deviceId', key: 'validation.idInvalid' }]);
      const user = await findUserById(deps.database.sql, currentUser(c).id);
      if (!user) throw new DomainError('UNAUTHENTICATED');
      return c.json(await deps.sync.pull(user, deviceId, cursor));
    })

    /**
     * Live updates (ADR 023): a `poke` with the server's sync version whenever the user's data
     * changes, and one at once (the page pulls if it is behind: what changed while it was away).
     */
    .get('/events', 'signedIn', (c) => {
      const userId = currentUser(c).id;
      c.header('X-Accel-Buffering', 'no'); // nginx would otherwise hold the pokes in its buffer
      return streamSSE(c, async (stream) => {
        let stop = () => {};
        const ended = new Promise<void>((resolve) => (stop = resolve));
        const unsubscribe = deps.live.subscribe(userId, {
          poke: (version) => void stream.writeSSE({ event: 'poke', data: String(version) }).catch(stop),
          close: () => stop(),
        });
        stream.onAbort(() => stop());
        const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n').catch(stop), HEARTBEAT_MS);
        const lifetime = setTimeout(() => stop(), STREAM_LIFETIME_MS);
        try {
          await stream.writeSSE({ event: 'poke', data: String(await deps.live.version()), retry: 5_000 });
          await ended;
        } finally {
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          unsubscribe();
        }
      });
    });
}
