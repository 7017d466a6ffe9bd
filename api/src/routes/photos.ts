/**
 * Photos' files: progress photos (issue 21) and messages' (issue 22, the same record of another
 * kind). The record travels as a `photo.add` (or `message.send`) mutation; its two files
 * (the photo and its thumbnail) follow, each uploaded in chunks a dropped connection can resume:
 * `GET …/offset` says how much has arrived, `PUT` with `Content-Range: bytes start-end/total`
 * appends a chunk there. Served only to the owner, their own teacher and admins, never publicly.
 */
import type { Context } from 'hono';
import { DomainError } from '#protocol/errors.ts';
import type { AppDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { createRouter, currentUser, idParam } from '../http/router.ts';
import { MAX_PHOTO_CHUNK_BYTES } from '#protocol/mutations/fields.ts';
import type { PhotoFileKind } from '../services/photo-files.ts';

const CONTENT_RANGE = /^bytes (\d{1,10})-(\d{1,10})\/(\d{1,10})$/;

function contentRange(c: Context<AppEnv>): { start: number; end: number; total: number } {
  const match = CONTENT_RANGE.exec(c.req.header('content-range') ?? '');
  const [start, end, total] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [Number.NaN, Number.NaN, Number.NaN];
  if (!match || start > end || end >= total) throw new DomainError('VALIDATION_FAILED', { fields: [{ field: 'Content-Range', key: 'validation.contentRange' }] });
  return { start, end, total };
}

export function photoRoutes(deps: AppDeps) {
  const { progressPhotos, photoFiles } = deps;

  /** The user's own photo record, not deleted; 404 otherwise (another user's id included). */
  const ownPhoto = async (c: Context<AppEnv>) => {
    const photo = await progressPhotos.find(currentUser(c).id, idParam(c));
    if (!photo || photo.deleted) throw new DomainError('NOT_FOUND');
    return photo;
  };

  const offset = (kind: PhotoFileKind) => async (c: Context<AppEnv>) => {
    const photo = await ownPhoto(c);
    return c.json(await photoFiles.received(currentUser(c).id, photo.id, kind));
  };

  const upload = (kind: PhotoFileKind) => async (c: Context<AppEnv>) => {
    const userId = currentUser(c).id;
    const photo = await ownPhoto(c);
    const declared = kind === 'image' ? photo.bytes : photo.thumbnailBytes;
    const { start, end, total } = contentRange(c);
    if (total !== declared) throw new DomainError('VALIDATION_FAILED', { fields: [{ field: 'Content-Range', key: 'validation.photoSizeMismatch' }] });
    if (end - start + 1 > MAX_PHOTO_CHUNK_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE');
    if (start === 0 && (await photoFiles.received(userId, photo.id, kind)).received === 0) await photoFiles.refuseOverQuota(userId, total);
    const chunk = new Uint8Array(await c.req.arrayBuffer());
    if (chunk.length !== end - start + 1) throw new DomainError('VALIDATION_FAILED', { fields: [{ field: 'Content-Range', key: 'validation.contentRange' }] });
    const result = await photoFiles.append(userId, photo.id, kind, start, chunk, total, photo.contentType);
    if (result.kind === 'typeMismatch') throw new DomainError('PHOTO_TYPE_MISMATCH');
    if (result.kind === 'offsetMismatch') throw new DomainError('UPLOAD_OFFSET_MISMATCH', { values: { received: result.received } });
    if (result.complete) {
      const other = await photoFiles.received(userId, photo.id, kind === 'image' ? 'thumbnail' : 'image');
      if (other.complete) await progressPhotos.markStored(userId, photo.id);
    }
    return c.json({ received: result.received, complete: result.complete });
  };

  /** The owner, their own teacher and admins may see a photo; to anyone else it does not exist. */
  const serve = (kind: PhotoFileKind) => async (c: Context<AppEnv>) => {
    const id = idParam(c);
    const owner = await progressPhotos.ownerOf(id);
    const viewer = currentUser(c);
    if (!owner || (viewer.id !== owner && viewer.role !== 'admin' && !(viewer.role === 'teacher' && (await deps.staffUsers.isTeacherOf(viewer.id, owner))))) {
      throw new DomainError('NOT_FOUND');
    }
    const file = await photoFiles.read(owner, id, kind);
    const photo = await progressPhotos.find(owner, id);
    if (!file || !photo) throw new DomainError('NOT_FOUND');
    return new Response(file.body, {
      headers: {
        'Content-Type': photo.contentType,
        'Content-Length': String(file.size),
        // A photo never changes under its id; only those allowed ever receive it, and no shared cache keeps it.
        'Cache-Control': 'private, max-age=31536000, immutable',
        'Content-Disposition': 'inline',
      },
    });
  };

  return createRouter('/api/photos')
    .get('/:id/image/offset', 'signedIn', offset('image'))
    .get('/:id/thumbnail/offset', 'signedIn', offset('thumbnail'))
    .put('/:id/image', 'signedIn', upload('image'))
    .put('/:id/thumbnail', 'signedIn', upload('thumbnail'))
    .get('/:id/image', 'signedIn', serve('image'))
    .get('/:id/thumbnail', 'signedIn', serve('thumbnail'));
}
