// What `npm run backup` and `npm run restore` do with photos kept in S3-compatible object storage
// (STORAGE_URL, ADR 031) instead of UPLOADS_PATH: the bucket's photos are copied into the backup's
// FILE.uploads folder, laid out as the uploads folder is, and put back from it. Plain JavaScript,
// as the rest of the backup scripts; STORAGE_URL is read as api/src/config.ts reads it (the server
// validates it at start, with a message for each mistake). The SDK is loaded only when it is set.
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CliError } from './sqlite-backup.mjs';

/** The bucket STORAGE_URL names and a client for it, or null when photos are in UPLOADS_PATH. */
export async function objectStorageFrom(env) {
  const raw = env.STORAGE_URL?.trim();
  if (!raw) return null;
  let url;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  const bucket = url ? decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, '')) : '';
  if (!url || url.protocol !== 's3:' || !url.hostname || !bucket || bucket.includes('/')) {
    throw new CliError('STORAGE_URL must be s3://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…&tls=false&style=path] (the server says more at start).');
  }
  const style = url.searchParams.get('style') ?? (/(^|\.)amazonaws\.com$/.test(url.hostname) ? 'virtual' : 'path');
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    endpoint: `${url.searchParams.get('tls') === 'false' ? 'http' : 'https'}://${url.host}`,
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: style === 'path',
    ...(url.username ? { credentials: { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // As the server's store does (s3-file-store.ts): bucket-wide requests to /bucket, not /bucket/.
  if (style === 'path') {
    client.middlewareStack.add(
      (next) => async (args) => {
        if (typeof args.request.path === 'string' && /^\/[^/]+\/$/.test(args.request.path)) args.request.path = args.request.path.slice(0, -1);
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    );
  }
  return { sdk, bucket, client, where: `bucket ${bucket} at ${url.host}` };
}

/** The photos' complete objects (never an upload's chunk still arriving, `….part/…`). */
async function completeKeys({ sdk, bucket, client }) {
  const keys = [];
  let token;
  do {
    const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: 'photos/', ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key && !object.Key.includes('.part/')) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Downloads every photo object into the folder `to` (made here), one file per key; returns how many. */
export async function downloadObjects(storage, to) {
  const keys = await completeKeys(storage);
  mkdirSync(to, { recursive: true });
  for (const key of keys) {
    const file = path.join(to, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    const answer = await storage.client.send(new storage.sdk.GetObjectCommand({ Bucket: storage.bucket, Key: key }));
    await pipeline(answer.Body, createWriteStream(file));
  }
  return keys.length;
}

/** Puts every file under `from` into the bucket, keyed by its path; returns how many. */
export async function uploadObjects(storage, from) {
  const names = readdirSync(from, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const entry of names) {
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(from, file).split(path.sep).join('/');
    const body = readFileSync(file);
    await storage.client.send(new storage.sdk.PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: body, ContentLength: body.length }));
  }
  return names.length;
}
