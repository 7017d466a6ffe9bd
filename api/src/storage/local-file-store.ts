/**
 * Files in a folder on the VM's disk (UPLOADS_PATH), the default: a key is a path below the folder,
 * an unfinished upload is `<file>.part` beside its file, appended to and renamed into place whole.
 */
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FileStore } from './file-store.ts';

const PART = '.part';

const sizeOf = async (file: string): Promise<number | null> => {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
};

export function createLocalFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  const partOf = (key: string) => `${fileOf(key)}${PART}`;

  return {
    kind: 'local',

    size: (key) => sizeOf(fileOf(key)),

    async read(key) {
      const file = fileOf(key);
      const size = await sizeOf(file);
      if (size === null) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
    },

    async write(key, bytes) {
      // Written to its part and renamed into place, so a file in place is always complete.
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(partOf(key), bytes);
      await rename(partOf(key), fileOf(key));
    },

    async list(prefix) {
      const folder = fileOf(prefix.replace(/\/$/, ''));
      let names: string[];
      try {
        names = await readdir(folder, { recursive: true });
      } catch {
        return [];
      }
      const entries = await Promise.all(
        names.map(async (name) => {
          const file = path.join(folder, name);
          const info = await stat(file).catch(() => null);
          return info?.isFile() ? { key: `${prefix}${name.split(path.sep).join('/')}`, size: info.size } : null;
        }),
      );
      return entries.filter((entry) => entry !== null);
    },

    async remove(key) {
      await Promise.all([rm(fileOf(key), { force: true }), rm(partOf(key), { force: true })]);
    },

    async removeAll(prefix) {
      await rm(fileOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },

    partSize: async (key) => (await sizeOf(partOf(key))) ?? 0,

    async appendPart(key, _start, chunk) {
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await appendFile(partOf(key), chunk);
    },

    async partHead(key, length) {
      const head = Buffer.alloc(length);
      const handle = await open(partOf(key), 'r');
      try {
        const { bytesRead } = await handle.read(head, 0, length, 0);
        return new Uint8Array(head.subarray(0, bytesRead));
      } finally {
        await handle.close();
      }
    },

    async completePart(key) {
      await rename(partOf(key), fileOf(key));
    },

    async dropPart(key) {
      await rm(partOf(key), { force: true });
    },
  };
}
