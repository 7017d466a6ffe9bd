import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { stubPhotoEncoding } from '#pwa/test/photo-encoding.ts';
import { usePhotoChooser } from './use-photo-chooser.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A change event of a file input holding `file`, as the browser fires it. */
function chosenFile(file: File) {
  const input = document.createElement('input');
  input.type = 'file';
  Object.defineProperty(input, 'files', { value: [file] });
  return { target: input } as unknown as ChangeEvent<HTMLInputElement>;
}

const photoFile = () => new File([new Uint8Array(64)], 'IMG_0001.jpg', { type: 'image/jpeg' });

describe('usePhotoChooser', () => {
  it('hands the re-encoded photo over, scaled to 1600 px, and clears the input so the same file can be chosen again', async () => {
    stubPhotoEncoding();
    const onEncoded = vi.fn();
    const onFailure = vi.fn();
    const { result } = renderHook(() => usePhotoChooser(onEncoded, onFailure));
    const event = chosenFile(photoFile());
    await act(() => result.current.choose(event));
    expect(onEncoded).toHaveBeenCalledWith(expect.objectContaining({ contentType: 'image/webp', width: 1600, height: 1200 }));
    expect(onFailure).not.toHaveBeenCalled();
    expect(event.target.value).toBe('');
    expect(result.current.preparing).toBe(false);
  });

  it('a file the browser cannot read (a video) is a failure of its own, and nothing is handed over', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))));
    const onEncoded = vi.fn();
    const onFailure = vi.fn();
    const { result } = renderHook(() => usePhotoChooser(onEncoded, onFailure));
    await act(() => result.current.choose(chosenFile(new File(['...'], 'clip.mp4', { type: 'video/mp4' }))));
    expect(onFailure).toHaveBeenCalledExactlyOnceWith('unreadable');
    expect(onEncoded).not.toHaveBeenCalled();
  });

  it('a failure of what the photo was for (the device storage full) is told once, as a failure', async () => {
    stubPhotoEncoding();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onFailure = vi.fn();
    const { result } = renderHook(() => usePhotoChooser(() => Promise.reject(new DOMException('QuotaExceededError', 'QuotaExceededError')), onFailure));
    await act(() => result.current.choose(chosenFile(photoFile())));
    expect(onFailure).toHaveBeenCalledExactlyOnceWith('failed');
    expect(result.current.preparing).toBe(false);
  });

  it('a second photo chosen while the first is being prepared (a double tap) is ignored', async () => {
    let decoded: (bitmap: unknown) => void = () => undefined;
    stubPhotoEncoding();
    vi.stubGlobal('createImageBitmap', vi.fn(() => new Promise((resolve) => (decoded = resolve))));
    const onEncoded = vi.fn();
    const { result } = renderHook(() => usePhotoChooser(onEncoded, vi.fn()));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.choose(chosenFile(photoFile()));
      void result.current.choose(chosenFile(photoFile()));
    });
    await waitFor(() => expect(result.current.preparing).toBe(true));
    decoded({ width: 800, height: 600, close: () => undefined });
    await act(() => first);
    expect(createImageBitmap).toHaveBeenCalledTimes(1);
    expect(onEncoded).toHaveBeenCalledTimes(1);
  });
});
