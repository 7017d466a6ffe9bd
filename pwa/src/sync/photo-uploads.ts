/**
 * Uploads the files of photos taken on this device (progress photos, issue 21, ADR 027, and
 * messages' photos, issue 22), after the sync has pushed their records: the server accepts a photo's bytes only for a record it holds. Each
 * file is sent in chunks from where the server says it stands (`GET …/offset`), so a dropped
 * connection resumes instead of starting over, and a chunk whose answer was lost is not appended
 * twice (the server refuses an offset it has passed; the next offset read says where to go on).
 * Runs inside the sync's lock, in the page or the service worker, never both at once.
 */
import type { ErrorCode } from '#protocol/errors.ts';
import { MAX_PHOTO_CHUNK_BYTES } from '#protocol/mutations/fields.ts';
import type { PhotoAddArgs } from '#protocol/mutations/photo-add.ts';
import { photoOfMutation } from '#pwa/db/photo-files.ts';
import { serverPhotoUrl, type PhotoFile, type Refusal, type UserDb } from '#pwa/db/user-db.ts';

/** Files sent in this round, and those still to send (waiting for the network, or for their record to arrive). */
export interface UploadRound {
  sent: number;
  waiting: number;
  stopped: 'offline' | 'unauthorized' | null;
}

/** A server answer that ends this round: the network is gone or the session ended. */
class Stop extends Error {
  constructor(readonly reason: 'offline' | 'unauthorized') {
    super(reason);
  }
}

/** Refusals that no retry changes: the user is told and the file waits no more. */
const FINAL_REFUSALS: ReadonlySet<string> = new Set(['PHOTO_QUOTA_EXCEEDED', 'PHOTO_TYPE_MISMATCH', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED']);
const REQUEST_TIMEOUT_MS = 60_000;

type Answer = { status: number; body: { received?: number; complete?: boolean; code?: string } | null };

async function request(network: typeof fetch, input: string, init?: RequestInit): Promise<Answer> {
  let response: Response;
  try {
    response = await network(input, { credentials: 'include', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
  } catch {
    throw new Stop('offline');
  }
  if (response.status === 401) throw new Stop('unauthorized');
  return { status: response.status, body: (await response.json().catch(() => null)) as Answer['body'] };
}

/** Sends one file from where the server stands; its outcome: sent, refused (with a code), or to retry later. */
async function sendFile(network: typeof fetch, file: PhotoFile): Promise<{ kind: 'sent' } | { kind: 'refused'; code: ErrorCode } | { kind: 'later' }> {
  const base = serverPhotoUrl(file.photoId, file.kind);
  const total = file.bytes.byteLength;
  // Each pass reads the offset and sends from there; a few passes cover answers lost on the way.
  for (let pass = 0; pass < 5; pass++) {
    const offset = await request(network, `${base}/offset`);
    if (offset.status === 404) return { kind: 'later' }; // the record is not on the server (yet)
    if (offset.status !== 200 || !offset.body) return { kind: 'later' };
    if (offset.body.complete) return { kind: 'sent' };
    let start = offset.body.received ?? 0;
    while (start < total) {
      const end = Math.min(total, start + MAX_PHOTO_CHUNK_BYTES) - 1;
      const answer = await request(network, base, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes ${start}-${end}/${total}` },
        body: file.bytes.slice(start, end + 1),
      });
      if (answer.status === 409) break; // the server stands elsewhere: read its offset again
      const code = answer.body?.code;
      if (code && FINAL_REFUSALS.has(code)) return { kind: 'refused', code: code as ErrorCode };
      if (answer.status !== 200 || !answer.body) return { kind: 'later' };
      if (answer.body.complete) return { kind: 'sent' };
      start = answer.body.received ?? end + 1;
    }
  }
  return { kind: 'later' };
}

/**
 * A refused upload, told like a refused change (the refusals table, ADR 007), under the mutation
 * that brought the record: the progress photo's `photo.add`, or the message that carried it.
 */
async function refusalOf(db: UserDb, photoId: string, code: ErrorCode): Promise<Refusal | null> {
  const photo = await db.synced('progressPhotos').get(photoId);
  if (!photo) return null;
  const refusedAt = new Date().toISOString();
  const envelope = { id: `upload-${photoId}`, deviceId: '', seq: 0, hlc: '', localDate: refusedAt.slice(0, 10), timeZone: 'UTC' } as const;
  const { stored: _stored, deleted: _deleted, kind: _kind, ...record } = photo;
  // (A row pulled before message photos has no `kind`: it is a progress photo.)
  const message = photo.kind === 'message' ? await db.synced('messages').filter((m) => m.photoId === photoId).first() : undefined;
  const mutation = message
    ? ({ ...envelope, name: 'message.send', version: 2, args: { id: message.id, createdAt: message.createdAt, body: message.body, photo: record } } as const)
    : ({ ...envelope, name: 'photo.add', version: 1, args: record as PhotoAddArgs } as const);
  return { id: envelope.id, mutation, code, refusedAt };
}

/**
 * One round over the files waiting here: the thumbnail first (small, so the coach sees something
 * soon), then the photo. A file whose record was deleted or refused is dropped with it.
 */
export async function uploadPhotos(db: UserDb, network: typeof fetch): Promise<UploadRound> {
  const waitingFiles = () => db.photoFiles.where('[kind+state]').anyOf([['thumbnail', 'waiting'], ['image', 'waiting']]);
  const files = await waitingFiles().toArray();
  files.sort((a, b) => (a.kind === b.kind ? a.photoId.localeCompare(b.photoId) : a.kind === 'thumbnail' ? -1 : 1));
  const pendingAdds = new Set((await db.outbox.toArray()).flatMap((m) => photoOfMutation(m) ?? []));
  let waiting = 0;
  let sent = 0;
  try {
    for (const file of files) {
      const photo = await db.synced('progressPhotos').get(file.photoId);
      if (!photo || photo.deleted) {
        await db.photoFiles.where('photoId').equals(file.photoId).delete();
        continue;
      }
      if (photo.stored) {
        await db.photoFiles.update(file.key, { state: 'sent' });
        continue;
      }
      if (pendingAdds.has(file.photoId)) {
        waiting += 1;
        continue;
      }
      const outcome = await sendFile(network, file);
      if (outcome.kind === 'sent') {
        await db.photoFiles.update(file.key, { state: 'sent' });
        sent += 1;
      } else if (outcome.kind === 'refused') {
        const refusal = await refusalOf(db, file.photoId, outcome.code);
        await db.transaction('rw', db.photoFiles, db.refusals, async () => {
          await db.photoFiles.where('photoId').equals(file.photoId).modify({ state: 'refused', failure: outcome.code });
          if (refusal) await db.refusals.put(refusal);
        });
      } else waiting += 1;
    }
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const left = await waitingFiles().count();
    return { sent, waiting: left, stopped: error.reason };
  }
  return { sent, waiting, stopped: null };
}
