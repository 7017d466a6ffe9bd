/**
 * The file store's contract (ADR 031), run against both stores: the uploads folder on disk and a
 * bucket on a real S3-compatible server the test run started (api/test/s3-global-setup.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl, type ObjectStorageConfig } from '../config.ts';
import { createTestBucket, type TestBucket } from '../../test/s3.ts';
import { createFileStore, type FileStore } from './file-store.ts';

const bytes = (length: number, seed = 1) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

interface Setup {
  /** A store on the same place, as another instance (or the same after a restart) sees it. */
  open(): FileStore;
  /** What is really there, looked at without the store. */
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

const setups: [string, () => Promise<Setup>][] = [
  [
    'the uploads folder',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'file-store-'));
      return {
        open: () => createFileStore({ uploadsPath: dir, objectStorage: null }),
        stored: async () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort(),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const bucket: TestBucket = await createTestBucket();
      const config = parseStorageUrl(bucket.storageUrl) as ObjectStorageConfig;
      return { open: () => createFileStore({ uploadsPath: '/nonexistent', objectStorage: config }), stored: () => bucket.keys(), close: () => bucket.drop() };
    },
  ],
];

describe.each(setups)('the file store on %s', (name, make) => {
  let setup: Setup;
  let store: FileStore;
  beforeAll(async () => {
    setup = await make();
    store = setup.open();
  });
  afterAll(async () => setup?.close());

  it('is the kind the configuration names', () => {
    expect(store.kind).toBe(name === 'the uploads folder' ? 'local' : 's3');
  });

  it('puts a whole file, tells its size and streams it back; a missing one is null', async () => {
    const image = bytes(70_000);
    await store.write('photos/u1/a.image', image);
    expect(await store.size('photos/u1/a.image')).toBe(70_000);
    const file = await store.read('photos/u1/a.image');
    expect(file?.size).toBe(70_000);
    expect(await readAll(file!.body)).toEqual(image);
    expect(await store.size('photos/u1/missing.image')).toBeNull();
    expect(await store.read('photos/u1/missing.image')).toBeNull();
  });

  it('lists what a user keeps, unfinished parts included, and nobody else’s', async () => {
    await store.write('photos/u2/b.image', bytes(300));
    await store.write('photos/u2/b.thumbnail', bytes(40));
    await store.appendPart('photos/u2/c.image', 0, bytes(25));
    await store.write('photos/u22/d.image', bytes(7));
    const listed = await store.list('photos/u2/');
    expect(listed.filter((o) => !o.key.includes('.part')).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'photos/u2/b.image', size: 300 },
      { key: 'photos/u2/b.thumbnail', size: 40 },
    ]);
    expect(listed.reduce((sum, o) => sum + o.size, 0)).toBe(365);
    expect(await store.list('photos/nobody/')).toEqual([]);
  });

  it('resumes an upload where it stopped, from another instance too, and puts it in place whole', async () => {
    const whole = bytes(50_000, 7);
    const key = 'photos/u3/e.image';
    expect(await store.partSize(key)).toBe(0);
    await store.appendPart(key, 0, whole.subarray(0, 20_000));
    await store.appendPart(key, 20_000, whole.subarray(20_000, 30_000));
    // The connection dropped; the phone asks again, maybe another instance, maybe after a restart.
    const other = setup.open();
    expect(await other.partSize(key)).toBe(30_000);
    expect(await other.size(key)).toBeNull();
    expect(await other.read(key)).toBeNull();
    expect(await other.partHead(key, 16)).toEqual(whole.subarray(0, 16));
    await other.appendPart(key, 30_000, whole.subarray(30_000));
    expect(await other.partSize(key)).toBe(50_000);
    await other.completePart(key);
    expect(await store.size(key)).toBe(50_000);
    expect(await readAll((await store.read(key))!.body)).toEqual(whole);
    expect(await store.partSize(key)).toBe(0);
    expect((await setup.stored()).filter((k) => k.startsWith('photos/u3/'))).toEqual(['photos/u3/e.image']);
  });

  it('reads a part’s head across chunks shorter than it', async () => {
    const whole = bytes(40, 3);
    await store.appendPart('photos/u4/f.image', 0, whole.subarray(0, 5));
    await store.appendPart('photos/u4/f.image', 5, whole.subarray(5));
    expect(await store.partHead('photos/u4/f.image', 16)).toEqual(whole.subarray(0, 16));
    expect(await store.partHead('photos/u4/f.image', 100)).toEqual(whole);
  });

  it('drops an unfinished upload, removes a file with its part, and everything of a user', async () => {
    await store.appendPart('photos/u5/g.image', 0, bytes(10));
    await store.dropPart('photos/u5/g.image');
    expect(await store.partSize('photos/u5/g.image')).toBe(0);
    await store.write('photos/u5/h.image', bytes(10));
    await store.appendPart('photos/u5/h.thumbnail', 0, bytes(4));
    await store.remove('photos/u5/h.image');
    await store.remove('photos/u5/h.thumbnail');
    await store.remove('photos/u5/never.image');
    expect(await store.list('photos/u5/')).toEqual([]);

    await store.write('photos/u6/i.image', bytes(10));
    await store.appendPart('photos/u6/j.image', 0, bytes(4));
    await store.write('photos/u66/k.image', bytes(10));
    await store.removeAll('photos/u6/');
    const left = await setup.stored();
    expect(left.filter((k) => k.startsWith('photos/u6/'))).toEqual([]);
    expect(left).toContain('photos/u66/k.image');
  });
});

describe('the S3 store against the server', () => {
  it('is refused with a wrong secret: the server checks every request’s signature', async () => {
    const bucket = await createTestBucket();
    try {
      const config = parseStorageUrl(bucket.storageUrl.replace(/:S3RVER@/, ':wrong@')) as ObjectStorageConfig;
      const store = createFileStore({ uploadsPath: '/nonexistent', objectStorage: config });
      await expect(store.write('photos/u/x.image', bytes(3))).rejects.toThrow(/signature/i);
      expect(await bucket.keys()).toEqual([]);
    } finally {
      await bucket.drop();
    }
  });
});
