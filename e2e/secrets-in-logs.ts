// Playwright's global teardown (issue 8): the server's own log of the whole e2e run holds no
// secret. The server logs at `info` into a file beside the run's database (playwright.config.ts);
// the run fails when a line carries a password, a password hash, a session token, an AI key or
// the webhook secret, or a key named like one.
import { existsSync, readFileSync } from 'node:fs';
import { E2E_AI_KEY, E2E_SERVER_AI_KEY, E2E_MERCADOPAGO_ACCESS_TOKEN, E2E_MERCADOPAGO_WEBHOOK_SECRET, E2E_SECRETS, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET, E2E_WEBHOOK_SECRET, serverLogPath } from './secrets.ts';

const SECRET_KEYS = /"(password|passwordHash|password_hash|currentPassword|newPassword|token|cookie|aiKey|ai_key|aiKeyEncrypted|apiKey|secret|authorization)"\s*:/i;
const SECRET_VALUES: [string, RegExp][] = [
  ['an argon2 hash', /\$argon2(id|i|d)\$/],
  ['a session token (43 base64url characters)', /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/],
  ['an AI key', /\bsk-[A-Za-z0-9_-]{8,}/],
];

export default function checkServerLog() {
  const file = serverLogPath();
  if (!existsSync(file)) throw new Error(`secrets-in-logs: the server log ${file} is missing`);
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  if (!lines.some((line) => line.includes('"server.listening"'))) throw new Error(`secrets-in-logs: ${file} does not look like the server's log`);
  const problems: string[] = [];
  for (const [index, line] of lines.entries()) {
    const found = [
      SECRET_KEYS.test(line) ? 'a secret-named key' : null,
      ...SECRET_VALUES.filter(([, pattern]) => pattern.test(line)).map(([what]) => what),
      ...[...E2E_SECRETS, E2E_AI_KEY, E2E_SERVER_AI_KEY, E2E_WEBHOOK_SECRET, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET, E2E_MERCADOPAGO_ACCESS_TOKEN, E2E_MERCADOPAGO_WEBHOOK_SECRET].filter((secret) => line.includes(secret)).map(() => 'a password or secret the run used'),
    ].filter(Boolean);
    if (found.length > 0) problems.push(`line ${index + 1}: ${found.join(', ')}: ${line.slice(0, 200)}`);
  }
  if (problems.length > 0) throw new Error(`secrets-in-logs: the server log of the e2e run holds secrets:\n${problems.join('\n')}`);
  console.log(`secrets-in-logs: ${lines.length} server log lines, no secret`);
}
