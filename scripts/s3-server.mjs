// A throwaway S3-compatible server for the tests (issue 49, ADR 031): s3rver, an S3 HTTP server
// in Node that keeps objects in a folder (here one in the OS temp dir, removed at stop) and checks
// every request's AWS signature. Debian 12's radosgw (Ceph 16) cannot run without a Ceph cluster:
// its standalone `dbstore` backend came with later releases.
//
//   node scripts/s3-server.mjs start   starts one, prints a STORAGE_URL for its bucket, stops on Ctrl-C
import S3rver from '@20minutes/s3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** s3rver's one account. */
export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET = 'S3RVER';

/** @typedef {{ endpoint: string, host: string, dir: string, storageUrl: (bucket: string) => string, stop: () => Promise<void> }} S3Server */

/**
 * Starts a server on 127.0.0.1 and a port the OS picks, with `buckets` made; `stop()` ends it and
 * removes its folder.
 * @param {{ buckets?: string[] }} [options]
 * @returns {Promise<S3Server>}
 */
export async function startS3Server({ buckets = [] } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'leve-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      await server.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    })());
  try {
    const { port } = await server.run();
    const host = `127.0.0.1:${port}`;
    return {
      endpoint: `http://${host}`,
      host,
      dir,
      storageUrl: (bucket) => `s3://${S3_ACCESS_KEY}:${S3_SECRET}@${host}/${bucket}?tls=false`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (process.argv[2] !== 'start') {
    console.error('usage: node scripts/s3-server.mjs start');
    process.exit(1);
  }
  const server = await startS3Server({ buckets: ['leve-photos'] });
  console.log(`S3-compatible server at ${server.endpoint}, objects in ${server.dir}\nSTORAGE_URL=${server.storageUrl('leve-photos')}`);
  const quit = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', quit).on('SIGTERM', quit);
}
