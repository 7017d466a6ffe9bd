/**
 * Where uploaded files are kept (ADR 031, "Files: object storage"): a folder on the VM's disk
 * (UPLOADS_PATH, the default) or an S3-compatible bucket (STORAGE_URL). Files are named by keys
 * of `/`-separated parts (`photos/<user id>/<photo id>.image`), which the callers build from
 * checked ids only.
 *
 * A file arrives whole (`write`) or through a resumable upload: `appendPart` adds chunks to the
 * key's part, `partSize` says how much of it has arrived, `completePart` puts it in place at once.
 * A reader never sees a file half-written.
 */
import type { ObjectStorageConfig } from '../config.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** A complete file's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** A complete file as a stream, or null. */
  read(key: string): Promise<StoredFile | null>;
  /** Puts a whole file at once. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** Every stored thing under `prefix` (which ends with `/`), unfinished parts included, with its size. */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  /** Removes a file and whatever part of it has arrived; nothing there is no error. */
  remove(key: string): Promise<void>;
  /** Removes everything under `prefix` (which ends with `/`). */
  removeAll(prefix: string): Promise<void>;
  /** Bytes of `key`'s unfinished upload that have arrived (0 when none). */
  partSize(key: string): Promise<number>;
  /** Adds `chunk` at `start`, which the caller checked is the part's size. */
  appendPart(key: string, start: number, chunk: Uint8Array): Promise<void>;
  /** The part's first `length` bytes (fewer when it is shorter). */
  partHead(key: string, length: number): Promise<Uint8Array>;
  /** Makes the part the complete file `key`, in place at once. */
  completePart(key: string): Promise<void>;
  /** Drops an unfinished upload. */
  dropPart(key: string): Promise<void>;
}

/** The store the configuration names: the bucket when STORAGE_URL is set, else the uploads folder. */
export function createFileStore(config: { uploadsPath: string; objectStorage: ObjectStorageConfig | null }): FileStore {
  return config.objectStorage ? createS3FileStore(config.objectStorage) : createLocalFileStore(config.uploadsPath);
}
