/**
 * A coach's answer with a photo (issue 22) as one `multipart/form-data` request, online as the
 * coach's side is: the message's `id` and `body` (may be empty beside a photo), the `image` and
 * `thumbnail` files as the coach's browser re-encoded them (lib/encode-photo.ts), and their
 * `contentType`, `width` and `height`. Each field by the rule of a client's message photo, and
 * each file by its first bytes (never its name or declared type), before anything is written.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { DomainError, validationError } from '#protocol/errors.ts';
import { checkMessageCaption, checkUuid, MAX_PHOTO_BYTES, MAX_THUMBNAIL_BYTES, PHOTO_RECORD_ARGS, type Checked, type PhotoType } from '#protocol/mutations/fields.ts';
import { argCheck } from '#protocol/mutations/index.ts';
import type { CoachPhoto } from '../services/coach-threads.ts';
import { sniffImageType } from '../services/image-upload.ts';
import type { AppEnv } from './env.ts';

/** What the coach's page sends (`hono/client` builds the form from it). */
export interface CoachPhotoForm {
  id: string;
  body: string;
  contentType: string;
  width: string;
  height: string;
  image: Blob;
  thumbnail: Blob;
}

export interface CoachPhotoMessage {
  id: string;
  body: string;
  photo: CoachPhoto;
}

/** The largest such request: both files at their limits, the text and the multipart framing. */
export const MAX_COACH_PHOTO_BODY_BYTES = MAX_PHOTO_BYTES + MAX_THUMBNAIL_BYTES + 64 * 1024;

const invalid = (key: string): Checked<never> => ({ ok: false, key });
/** The record's rule for one of its fields (`PHOTO_RECORD_ARGS`, as a client's message photo is checked). */
const recordRule = (field: keyof typeof PHOTO_RECORD_ARGS) => argCheck(PHOTO_RECORD_ARGS[field]);
/** The form's text fields of the photo, each the record's field of that name. A number is digits only (no '1e3', no '0x10'). */
const TEXT_FIELDS = ['contentType', 'width', 'height'] as const;
const recordValue = (value: unknown) => (typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : value);
/** The form's files, each checked by its size as the record's field it fills. */
const FILE_FIELDS = [['image', 'bytes'], ['thumbnail', 'thumbnailBytes']] as const;
const FIELDS: readonly string[] = ['id', 'body', ...TEXT_FIELDS, ...FILE_FIELDS.map(([field]) => field)];

async function readForm(c: Context<AppEnv>): Promise<CoachPhotoMessage> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', { values: { type: 'multipart/form-data' } });
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch (error) {
    if (error instanceof DomainError) throw error; // the body limit
    throw validationError([{ field: '_', key: 'validation.invalidType' }]);
  }
  const { id, body, contentType, width, height, image, thumbnail } = form;
  const caption = checkMessageCaption(body);
  const checks: [string, Checked<unknown>][] = [
    ...Object.keys(form)
      .filter((field) => !FIELDS.includes(field))
      .map((field): [string, Checked<never>] => [field, invalid('validation.unknownField')]),
    ['id', checkUuid(id)],
    ['body', caption],
    ...TEXT_FIELDS.map((field): [string, Checked<unknown>] => [field, recordRule(field)(recordValue(form[field]))]),
    ...FILE_FIELDS.map(([field, recordField]): [string, Checked<unknown>] => {
      const file = form[field];
      return [field, file instanceof File ? recordRule(recordField)(file.size) : invalid('validation.required')];
    }),
  ];
  const problems = checks.flatMap(([field, checked]) => (checked.ok ? [] : [{ field, key: checked.key }]));
  if (problems.length > 0 || !caption.ok) throw validationError(problems);

  const files = { image: new Uint8Array(await (image as File).arrayBuffer()), thumbnail: new Uint8Array(await (thumbnail as File).arrayBuffer()) };
  const mismatched = Object.entries(files).filter(([, bytes]) => sniffImageType(bytes) !== contentType);
  if (mismatched.length > 0) throw new DomainError('PHOTO_TYPE_MISMATCH', { fields: mismatched.map(([field]) => ({ field, key: 'validation.invalidType' })) });
  return {
    id: id as string,
    body: caption.value,
    photo: { contentType: contentType as PhotoType, width: Number(width), height: Number(height), ...files },
  };
}

/** The route's form, checked before the handler runs; the handler reads it with `c.req.valid('form')`. */
export const coachPhotoForm =
  <P extends string = string>(): MiddlewareHandler<AppEnv, P, { in: { form: CoachPhotoForm }; out: { form: CoachPhotoMessage } }> =>
  async (c, next) => {
    c.req.addValidatedData('form', await readForm(c));
    await next();
  };
