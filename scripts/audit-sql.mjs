// `npm run audit:sql`: Debian's sqlmap against the built server on 127.0.0.1, on a throwaway
// database with the demo accounts, signed in where the route needs it. Each target is one real
// request with its injection points marked; sqlmap runs in batch mode at level 2 (cookies and
// headers too) with every technique, each target bounded in time. Fails when sqlmap reports an
// injectable parameter, when the server answered any probe with a 5xx, or when a target could not
// be tested at all. `AUDIT_SQL_LEVEL`, `AUDIT_SQL_TARGET_SECONDS` tune the depth and the bound.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../bench/server.mjs';
import { ensureDebianPackage } from './apt.mjs';
import { buildAll } from './build.mjs';

const SQLMAP = '/usr/bin/sqlmap';
const PORT = Number(process.env.AUDIT_SQL_PORT ?? 3260);
const LEVEL = Number(process.env.AUDIT_SQL_LEVEL ?? 2);
const TARGET_SECONDS = Number(process.env.AUDIT_SQL_TARGET_SECONDS ?? 240);
const DEMO_PASSWORD = 'demo12345';

ensureDebianPackage({ path: SQLMAP, pkg: 'sqlmap', purpose: 'audit:sql' });
await buildAll(); // the server under audit is the current source

// Generous limits: the audit makes thousands of failed logins on purpose.
const server = await startServer({ port: PORT, env: { SEED_DEMO_DATA: 'true', RATE_LIMIT_LOGIN_FAILURES: '100000', RATE_LIMIT_ACCOUNT_LOGIN_FAILURES: '100000', RATE_LIMIT_REGISTRATIONS: '100000', RATE_LIMIT_AI_CALLS: '100000' } });
const base = `http://127.0.0.1:${PORT}`;

async function signIn(email) {
  const response = await fetch(`${base}/api/clients/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (response.status !== 200) throw new Error(`audit:sql: ${email} could not sign in (${response.status})`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('session='));
  const { client } = await response.json();
  return { cookie, id: client.id };
}

const hlc = () => `${new Date().toISOString()}-000000-audit_sql_device`;
const today = new Date().toISOString().slice(0, 10);

/** sqlmap marks: `*` is an injection point in a URL or a body (JSON values are found by itself). */
function targets(client, admin) {
  const json = (body) => JSON.stringify(body);
  return [
    { name: 'login', method: 'POST', url: '/api/clients/login', data: json({ email: 'client@example.com', password: 'wrong-password' }) },
    {
      name: 'registration',
      method: 'POST',
      url: '/api/clients/register',
      data: json({ name: 'Auditoria', email: 'audit@example.com', password: 'senha-forte-1', height: 170, currentWeight: 80, targetWeight: 70, referralCode: 'TIAGO42' }),
    },
    { name: 'profile', method: 'PUT', url: '/api/clients/profile', cookie: client.cookie, data: json({ name: 'Carla Cliente', motivation: 'saúde', countryCode: 'BR' }) },
    { name: 'weight record', method: 'POST', url: '/api/weight-records', cookie: client.cookie, data: json({ weight: 79.4, notes: 'manhã' }) },
    { name: 'weight records', method: 'GET', url: '/api/weight-records?limit=10*', cookie: client.cookie },
    {
      name: 'sync push',
      method: 'POST',
      url: '/api/sync/push',
      cookie: client.cookie,
      data: json({
        deviceId: 'audit_sql_device',
        mutations: [{ deviceId: 'audit_sql_device', seq: 1, id: '01900000-0000-7000-8000-000000000001', name: 'weight.add', version: 1, args: { id: '01900000-0000-7000-8000-000000000002', weight: 79, notes: 'x', createdAt: new Date().toISOString() }, hlc: hlc(), localDate: today, timeZone: 'America/Sao_Paulo' }],
      }),
    },
    { name: 'sync pull', method: 'GET', url: '/api/sync/pull?cursor=0*&deviceId=audit_sql_device*', cookie: client.cookie },
    { name: 'daily progress', method: 'GET', url: '/api/daily-progress?date=2026-11-01*&timeZone=America/Sao_Paulo*', cookie: client.cookie },
    { name: 'admin user', method: 'GET', url: `/api/teacher-admin/users/${client.id}*`, cookie: admin.cookie },
    { name: 'admin users', method: 'GET', url: '/api/teacher-admin/users?q=carla*', cookie: admin.cookie },
    { name: 'admin diet', method: 'POST', url: `/api/admin/users/${client.id}*/diet`, cookie: admin.cookie, data: json({ title: 'Dieta', dailyCalories: 1700, macros: 'equilibrado', meals: 'Café (07:00 - 300 kcal)' }) },
  ];
}

/** Runs sqlmap on one target; resolves with its output once it ends or its time is up. */
function sqlmap(target, outputDir) {
  const args = [
    '-u', `${base}${target.url}`,
    '--method', target.method,
    '--batch',
    `--level=${LEVEL}`,
    '--risk=1',
    '--dbms=SQLite',
    '--technique=BEUST',
    '--time-sec=1',
    '--timeout=10',
    '--retries=0',
    '--threads=1',
    '--flush-session',
    // Refusals are the app's normal answers to sqlmap's probes: keep testing through them.
    '--ignore-code=400,401,403,404,409,413,429',
    '--disable-coloring',
    `--output-dir=${outputDir}`,
    '-H', `Origin: ${base}`,
    '-H', 'Accept-Language: pt-BR',
  ];
  if (target.data) args.push('--data', target.data, '-H', 'Content-Type: application/json');
  if (target.cookie) args.push('--cookie', target.cookie);
  return new Promise((resolve) => {
    const child = spawn(SQLMAP, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), TARGET_SECONDS * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ output, timedOut: signal !== null, code });
    });
  });
}

// sqlmap's confirmed findings. Its heuristic "parameter X appears to be '…' injectable" is not
// one: it is followed by sqlmap's own false-positive check, which either confirms it (and prints
// the injection point below) or says the parameter "does not seem to be injectable" — as a
// created plan's answer, echoing the title among texts structured from it, once made it say.
const INJECTABLE = /is vulnerable|sqlmap identified the following injection point|Parameter: .* \((GET|POST|PUT|Cookie|URI|\(custom\) POST)\)\n\s+Type:/i;
const SERVER_ERRORS = /HTTP error codes detected during run:[^\n]*\b5\d\d\b/i;

const outputDir = mkdtempSync(path.join(tmpdir(), 'audit-sql-'));
let failures = 0;
try {
  const [client, admin] = [await signIn('client@example.com'), await signIn('admin@example.com')];
  for (const target of targets(client, admin)) {
    const started = Date.now();
    const { output, timedOut } = await sqlmap(target, outputDir);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const problems = [];
    if (INJECTABLE.test(output)) problems.push('INJECTABLE');
    if (SERVER_ERRORS.test(output)) problems.push(`5xx: ${output.match(SERVER_ERRORS)?.[0]}`);
    const tested = /all tested parameters do not appear to be injectable/i.test(output);
    // An early stop (a refused connection, no parameter found) is a failure, not a pass.
    if (!tested && !timedOut) problems.push('not tested to the end');
    const verdict = problems.length > 0 ? `FAILED (${problems.join('; ')})` : tested ? 'nothing found' : `nothing found in ${TARGET_SECONDS} s (time bound reached)`;
    console.log(`audit:sql ${target.method} ${target.url.replace(/\*/g, '')} (${target.name}): ${verdict} [${seconds} s]`);
    if (problems.length > 0) {
      failures += 1;
      console.log(output.split('\n').filter((line) => /injectable|Parameter:|Type:|Payload:|HTTP error|CRITICAL|ERROR/i.test(line)).slice(0, 30).join('\n'));
    }
  }
} finally {
  await server.stop();
  rmSync(outputDir, { recursive: true, force: true });
}
console.log(failures === 0 ? 'audit:sql: sqlmap found no injection and no server error' : `audit:sql: ${failures} target(s) failed`);
process.exitCode = failures === 0 ? 0 : 1;
