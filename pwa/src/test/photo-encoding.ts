import { vi } from 'vitest';

/**
 * A browser that decodes any file into a 4000 × 3000 bitmap and encodes every canvas into a small
 * blob of the asked type: what `lib/encode-photo.ts` needs, which jsdom has not (no canvas).
 */
export function stubPhotoEncoding() {
  vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width: 4000, height: 3000, close: () => undefined })));
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      getContext = () => ({ drawImage: () => undefined });
      convertToBlob = ({ type }: { type: string }) => Promise.resolve(new Blob([new Uint8Array(32)], { type }));
    },
  );
}
