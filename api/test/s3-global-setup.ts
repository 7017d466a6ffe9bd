/**
 * One S3-compatible server per vitest run (ADR 031, scripts/s3-server.mjs), started for the `api`
 * projects beside the PostgreSQL cluster. Each test file that stores photos in a bucket makes its
 * own bucket in it (api/test/s3.ts).
 */
import type { TestProject } from 'vitest/node';
import { startS3Server } from '../../scripts/s3-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the run's S3-compatible server (plain HTTP). */
    s3Host: string;
  }
}

let server: Awaited<ReturnType<typeof startS3Server>> | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startS3Server();
  project.provide('s3Host', server.host);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}
