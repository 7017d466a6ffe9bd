/**
 * A photo from the camera or the gallery, made ready to keep and send (issue 21): decoded with
 * its EXIF orientation applied, scaled so its longest side is at most 1600 px (a 320 px thumbnail
 * beside it), and encoded again as WebP, or JPEG where the browser cannot encode WebP. Drawing it
 * on a canvas keeps only the pixels: EXIF, GPS position and camera details are gone.
 */
import { MAX_PHOTO_BYTES, MAX_THUMBNAIL_BYTES, PHOTO_MAX_SIDE, THUMBNAIL_MAX_SIDE, type PhotoType } from '#protocol/mutations/fields.ts';

export interface EncodedPhoto {
  contentType: PhotoType;
  image: ArrayBuffer;
  thumbnail: ArrayBuffer;
  width: number;
  height: number;
}

/** The file is not an image this browser can read (a video, a HEIC photo on a browser without HEIC). */
export class UnreadablePhoto extends Error {}

/** A size scaled down (never up) so its longest side is at most `maxSide`, whole pixels, at least 1. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Qualities tried in turn until the file fits its byte limit (a busy, detailed photo needs a lower one). */
const QUALITIES = [0.85, 0.7, 0.55, 0.4];

/** A canvas of `size` with `bitmap` drawn on it, and how to encode it: offscreen where the browser has it (Safari before 16.4 has not). */
function drawn(bitmap: ImageBitmap, size: { width: number; height: number }) {
  const canvas = typeof OffscreenCanvas === 'undefined' ? Object.assign(document.createElement('canvas'), size) : new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return (type: string, quality: number): Promise<Blob | null> =>
    canvas instanceof HTMLCanvasElement ? new Promise((resolve) => canvas.toBlob(resolve, type, quality)) : canvas.convertToBlob({ type, quality });
}

async function encodeAt(bitmap: ImageBitmap, size: { width: number; height: number }, type: PhotoType, maxBytes: number): Promise<Blob | null> {
  const encode = drawn(bitmap, size);
  if (!encode) return null;
  for (const quality of QUALITIES) {
    const blob = await encode(type, quality);
    if (!blob) return null;
    // A browser that cannot encode the type answers with PNG: the caller then tries JPEG.
    if (blob.type !== type) return null;
    if (blob.size <= maxBytes) return blob;
  }
  return null;
}

export async function encodePhoto(file: Blob): Promise<EncodedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadablePhoto('unreadable');
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, PHOTO_MAX_SIDE);
    const thumbnailSize = fitWithin(bitmap.width, bitmap.height, THUMBNAIL_MAX_SIDE);
    for (const type of ['image/webp', 'image/jpeg'] as const) {
      const image = await encodeAt(bitmap, size, type, MAX_PHOTO_BYTES);
      const thumbnail = image && (await encodeAt(bitmap, thumbnailSize, type, MAX_THUMBNAIL_BYTES));
      if (image && thumbnail) return { contentType: type, image: await image.arrayBuffer(), thumbnail: await thumbnail.arrayBuffer(), ...size };
    }
    throw new UnreadablePhoto('unencodable');
  } finally {
    bitmap.close();
  }
}
