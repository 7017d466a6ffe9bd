import path from 'node:path';

/** Secrets the e2e run hands the server; none may ever appear in its log (secrets-in-logs.ts). */
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret-3f9a7c1d';
export const E2E_AI_KEY = 'sk-e2e-teacher-key-5b8e2a90';
/** The passwords the specs type. */
export const E2E_SECRETS = ['demo12345', 'senha-forte-1', 'nova-senha-9'];

/** The server's log file of this run, beside its database (the path travels in the environment). */
export const serverLogPath = () => path.join(path.dirname(process.env.E2E_DATABASE_PATH ?? ''), 'server.log');
