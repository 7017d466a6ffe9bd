/**
 * One PostgreSQL cluster per vitest run (issue 49), started for the `api` project: vitest runs a
 * project's global setup only when that project has test files in the run. Each test file makes
 * its own database in it (api/test/postgres.ts).
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's superuser URL, database `postgres`. */
    postgresUrl: string;
  }
}

let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;

export async function setup(project: TestProject): Promise<void> {
  cluster = await startCluster();
  project.provide('postgresUrl', cluster.url);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  cluster = undefined;
}
