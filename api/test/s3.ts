/**
 * A bucket of its own for a test file, on the run's S3-compatible server (s3-global-setup.ts), and
 * a plain S3 client to look into it: what the app stored is checked in the bucket itself.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { S3_ACCESS_KEY, S3_SECRET } from '../../scripts/s3-server.mjs';
import { signBucketPathWithoutSlash } from '../src/storage/s3-file-store.ts';

export interface TestBucket {
  name: string;
  /** STORAGE_URL for the app. */
  storageUrl: string;
  client: S3Client;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Empties and removes the bucket. */
  drop(): Promise<void>;
}

export async function createTestBucket(): Promise<TestBucket> {
  const host = inject('s3Host');
  if (!host) throw new Error('No S3-compatible server: api/test/s3-global-setup.ts runs for the api projects only');
  const name = `t-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({
    endpoint: `http://${host}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  signBucketPathWithoutSlash(client);
  await client.send(new CreateBucketCommand({ Bucket: name }));
  const keys = async (prefix = '') => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: name, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort();
  };
  let dropping: Promise<void> | undefined;
  return {
    name,
    storageUrl: `s3://${S3_ACCESS_KEY}:${S3_SECRET}@${host}/${name}?tls=false`,
    client,
    keys,
    drop: () =>
      (dropping ??= (async () => {
        const left = await keys();
        if (left.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: left.map((Key) => ({ Key })) } }));
        await client.send(new DeleteBucketCommand({ Bucket: name }));
        client.destroy();
      })()),
  };
}
