/**
 * The `npm run db:copy -- --to postgres://… [--from FILE]` command (ADR 031, "Moving over"): its
 * arguments, its report and its exit code. The work is copy-to-postgres.ts's.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { copyToPostgres, CopyVerificationError, SourceSchemaError, TargetNotEmptyError, type PhotoStorageTarget } from './copy-to-postgres.ts';
import { DatabaseTooNewError } from './migrate.ts';
import { describeUrl } from './migrate-postgres.ts';

export const DB_COPY_USAGE = 'usage: npm run db:copy -- --to postgres://user:password@host:5432/name [--from FILE]   (FILE: DATABASE_PATH, default ./data/app.db)';

export interface DbCopyIo {
  out(line: string): void;
  error(line: string): void;
}

/** Failures the operator fixes from the message alone: one line, no stack. */
const isExpected = (error: unknown) =>
  error instanceof TargetNotEmptyError || error instanceof SourceSchemaError || error instanceof CopyVerificationError || error instanceof DatabaseTooNewError || (error as { code?: unknown } | null)?.code !== undefined;

/** Runs the command; returns its exit code. */
export async function runDbCopy(
  args: string[],
  env: Record<string, string | undefined>,
  io: DbCopyIo,
  setup: { migrations: { sqlite: string; postgres: string }; photoStorage?: PhotoStorageTarget },
): Promise<number> {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true }));
  } catch (error) {
    io.error(`db:copy: ${(error as Error).message}\n${DB_COPY_USAGE}`);
    return 2;
  }
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    io.error(`db:copy: --to must be a PostgreSQL URL\n${DB_COPY_USAGE}`);
    return 2;
  }
  // The paths as the server resolves them (api/src/config.ts), from these two variables only:
  // the rest of the server's configuration plays no part in a copy.
  const config = loadConfig({ DATABASE_PATH: values.from ?? env.DATABASE_PATH, UPLOADS_PATH: env.UPLOADS_PATH });
  const target = describeUrl(values.to);
  const started = Date.now();
  try {
    const report = await copyToPostgres({ from: config.databasePath, to: values.to, uploadsPath: config.uploadsPath, migrations: setup.migrations, ...(setup.photoStorage ? { photoStorage: setup.photoStorage } : {}) });
    for (const table of report.tables) io.out(`db:copy: ${table.name}: ${table.target.rows} rows, checksum ${table.target.checksum.slice(0, 12)} on both`);
    const rows = report.tables.reduce((sum, table) => sum + table.target.rows, 0);
    io.out(
      report.photosCopied === null
        ? `db:copy: photos stay in ${config.uploadsPath}: the local folder is the storage in use; start the app on PostgreSQL with the same UPLOADS_PATH`
        : `db:copy: ${report.photosCopied} photo files copied from ${config.uploadsPath} to ${setup.photoStorage?.description ?? 'the storage'}`,
    );
    if (report.collation !== 'C' && report.collation !== 'POSIX') {
      io.error(`db:copy: warning: ${target} sorts text by ${report.collation}, not C; the app expects a database created with LC_COLLATE 'C' (ADR 031)`);
    }
    io.out(`db:copy: copied ${report.tables.length} tables, ${rows} rows from ${config.databasePath} to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s; row counts and checksums equal`);
    return 0;
  } catch (error) {
    // A connection error may carry only its code (ECONNREFUSED) and no message.
    const message = (error as Error).message || String((error as { code?: unknown }).code);
    io.error(isExpected(error) ? `db:copy: ${message}` : `db:copy: failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
