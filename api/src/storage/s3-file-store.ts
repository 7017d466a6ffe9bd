/**
 * Files in an S3-compatible bucket (STORAGE_URL, ADR 031), through AWS SDK v3's S3 client. A key is
 * the object's key. An unfinished upload is kept in the bucket too, one object per chunk named by
 * the offset it starts at (`<key>.part/000000001024`), so any instance can take its next chunk and
 * a restart loses nothing; the last chunk joins them into the one object `key` (a single PUT, so
 * a reader never sees it half-written) and removes them. S3's own multipart upload would spare the
 * copy but refuses parts under 5 MiB, and a photo's chunks are smaller.
 *
 * The SDK is loaded on first use: an install on its uploads folder never pays for it.
 */
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../config.ts';
import type { FileStore } from './file-store.ts';

type Sdk = typeof S3Sdk;

const PART = '.part/';
/** Offsets are at most 10 digits (photos' Content-Range); 12 keep them sorted as text. */
const offsetName = (start: number) => String(start).padStart(12, '0');
/** DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1000;

const isNotFound = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
};

/**
 * Bucket-wide requests (list, delete many) go to `/bucket`, not `/bucket/`, in path-style
 * addressing: the form earlier SDK versions sent and every S3-compatible service takes, where some
 * (s3rver, the tests' server) rebuild the path without the slash when checking the signature.
 */
export function signBucketPathWithoutSlash(client: S3Client): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: unknown };
      if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
}

export function createS3FileStore(config: ObjectStorageConfig): FileStore {
  const { bucket } = config;
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        ...(config.credentials ? { credentials: config.credentials } : {}),
        // Checksums only where the API requires one: the SDK's default sends streamed bodies as
        // aws-chunked with trailing checksums, which S3-compatible services do not all accept.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      });
      if (config.forcePathStyle) signBucketPathWithoutSlash(client);
      return { sdk, client };
    }));

  async function list(prefix: string): Promise<{ key: string; size: number }[]> {
    const { sdk, client } = await connect();
    const found: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key !== undefined) found.push({ key: object.Key, size: object.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async function removeKeys(keys: string[]): Promise<void> {
    const { sdk, client } = await connect();
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const answer = await client.send(new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      const failed = answer.Errors ?? [];
      if (failed.length > 0) throw new Error(`object storage: could not delete ${failed.length} object(s), e.g. ${failed[0]?.Key} (${failed[0]?.Code})`);
    }
  }

  /** The part's chunks from offset 0, each starting where the one before ends; a stray one after a gap is ignored. */
  async function chunksOf(key: string): Promise<{ key: string; start: number; size: number }[]> {
    const stored = (await list(`${key}${PART}`)).map((object) => ({ ...object, start: Number(object.key.slice(key.length + PART.length)) })).sort((a, b) => a.start - b.start);
    const chunks: { key: string; start: number; size: number }[] = [];
    let end = 0;
    for (const chunk of stored) {
      if (chunk.start !== end || chunk.size === 0) continue;
      chunks.push(chunk);
      end += chunk.size;
    }
    return chunks;
  }

  async function body(key: string, range?: string): Promise<Readable> {
    const { sdk, client } = await connect();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: range } : {}) }));
    return answer.Body as Readable;
  }

  return {
    kind: 's3',

    async size(key) {
      const { sdk, client } = await connect();
      try {
        return (await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return null;
        return { body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async write(key, bytes) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
    },

    list,

    async remove(key) {
      await removeKeys([key, ...(await chunksOf(key)).map((chunk) => chunk.key)]);
    },

    async removeAll(prefix) {
      await removeKeys((await list(prefix)).map((object) => object.key));
    },

    async partSize(key) {
      return (await chunksOf(key)).reduce((sum, chunk) => sum + chunk.size, 0);
    },

    async appendPart(key, start, chunk) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: `${key}${PART}${offsetName(start)}`, Body: chunk, ContentLength: chunk.length }));
    },

    async partHead(key, length) {
      const head: Buffer[] = [];
      let got = 0;
      for (const chunk of await chunksOf(key)) {
        if (got >= length) break;
        for await (const bytes of await body(chunk.key, `bytes=0-${length - got - 1}`)) {
          head.push(bytes as Buffer);
          got += (bytes as Buffer).length;
        }
      }
      return new Uint8Array(Buffer.concat(head).subarray(0, length));
    },

    async completePart(key) {
      const { sdk, client } = await connect();
      const chunks = await chunksOf(key);
      const total = chunks.reduce((sum, chunk) => sum + chunk.size, 0);
      // The chunks streamed one after the other into one PUT: the file never sits in memory.
      async function* joined() {
        for (const chunk of chunks) yield* await body(chunk.key);
      }
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: Readable.from(joined()), ContentLength: total }));
      await removeKeys(chunks.map((chunk) => chunk.key));
    },

    async dropPart(key) {
      await removeKeys((await list(`${key}${PART}`)).map((object) => object.key));
    },
  };
}
