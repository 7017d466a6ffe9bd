/**
 * compose.yaml and its Caddyfile (issue 49, README "Several instances on PostgreSQL"): no Docker
 * engine runs where the tests do, so the files are read and checked for what the setup rests on.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };

type Map = Record<string, Yaml>;
const map = (value: Yaml | undefined): Map => {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) throw new Error(`not a map: ${JSON.stringify(value)}`);
  return value;
};
const list = (value: Yaml | undefined): Yaml[] => {
  if (!Array.isArray(value)) throw new Error(`not a list: ${JSON.stringify(value)}`);
  return value;
};

/** What `docker compose` makes of `${NAME:?message}` and `${NAME:-default}` with these values set. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind: string | undefined, rest: string) => {
    if (env[name] !== undefined) return env[name];
    if (kind === '-') return rest;
    throw new Error(`${name} is required: ${rest}`);
  });
}

const compose = map(parse(readFileSync(`${root}compose.yaml`, 'utf8')) as Yaml);
const services = map(compose.services);
const caddyfile = readFileSync(`${root}Caddyfile`, 'utf8');
const APPS = ['app1', 'app2'] as const;

describe('compose.yaml: PostgreSQL, two app instances, a proxy (issue 49)', () => {
  it('names the database, the two instances and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'db', 'proxy']);
  });

  it('runs PostgreSQL 16 on a named volume, with the C collation and a pg_isready health check', () => {
    const db = map(services.db);
    expect(db.image).toBe('postgres:16');
    expect(map(db.environment).POSTGRES_INITDB_ARGS).toContain('--locale=C');
    const [volume] = list(db.volumes) as string[];
    expect(Object.keys(map(compose.volumes))).toContain(volume?.split(':')[0]);
    expect(list(map(db.healthcheck).test)).toContain('pg_isready');
  });

  it('runs two identical app instances built from the Dockerfile, on the db service, checked on readiness', () => {
    const [first, second] = APPS.map((name) => map(services[name]));
    expect(second).toEqual(first);
    const app = map(first);
    expect(app.build).toBe('.');
    expect(map(map(app.depends_on).db).condition).toBe('service_healthy');
    const env = map(app.environment) as Record<string, string>;
    const url = new URL(interpolate(env.DATABASE_URL ?? '', { POSTGRES_PASSWORD: 'secret' }));
    expect({ protocol: url.protocol, host: url.hostname, port: url.port }).toEqual({ protocol: 'postgres:', host: 'db', port: '5432' });
    expect(url.username).toBe(map(map(services.db).environment).POSTGRES_USER);
    expect(url.pathname).toBe(`/${String(map(map(services.db).environment).POSTGRES_DB)}`);
    const probe = list(map(app.healthcheck).test).join(' ');
    expect(probe).toContain(`http://127.0.0.1:${env.PORT}/api/health/ready`);
    expect(readFileSync(`${root}Dockerfile`, 'utf8')).toContain(`EXPOSE ${env.PORT}`);
  });

  it('gives the instances a configuration the app accepts in production, secrets required from the environment', () => {
    const env = map(map(services.app1).environment) as Record<string, string>;
    for (const secret of ['APP_SECRET', 'POSTGRES_PASSWORD', 'ADMIN_PASSWORD']) expect(Object.values(env).join('\n')).toContain(`\${${secret}:?`);
    const values = { POSTGRES_PASSWORD: 'secret', APP_SECRET: 'a'.repeat(64), ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'a long passphrase' };
    const config = loadConfig(Object.fromEntries(Object.entries(env).map(([name, value]) => [name, interpolate(value, values)])));
    expect(config).toMatchObject({ nodeEnv: 'production', databaseUrl: 'postgres://leve:secret@db:5432/leve', trustProxy: true, port: 3000 });
    // The drain gives the proxy's health checks time to see readiness at 503 before the port closes.
    const every = Number(/health_interval (\d+)s/.exec(caddyfile)?.[1]);
    expect(config.shutdownDrainSeconds).toBeGreaterThan(every);
    // …and Docker waits for the drain and the in-flight requests (10 s at most) before its SIGKILL.
    expect(Number(/^(\d+)s$/.exec(String(map(services.app1).stop_grace_period))?.[1])).toBeGreaterThanOrEqual(config.shutdownDrainSeconds + 10);
  });

  it('puts Caddy in front of both instances: round robin, health checks on readiness, live updates unbuffered', () => {
    const proxy = map(services.proxy);
    expect(String(proxy.image)).toMatch(/^caddy:2/);
    expect(Object.keys(map(proxy.depends_on)).sort()).toEqual([...APPS]);
    expect(list(proxy.volumes)).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const port = map(map(services.app1).environment).PORT;
    expect(caddyfile).toMatch(new RegExp(`^\\s*reverse_proxy ${APPS.map((name) => `${name}:${port}`).join(' ')} \\{$`, 'm'));
    for (const directive of ['lb_policy round_robin', 'health_uri /api/health/ready', 'flush_interval -1']) expect(caddyfile).toMatch(new RegExp(`^\\s*${directive}$`, 'm'));
    // Caddy closes its idle connections to the apps before the apps would.
    expect(Number(/^\s*keepalive (\d+)s$/m.exec(caddyfile)?.[1]) * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });
});

describe('Dockerfile: the runtime image', () => {
  it('holds every local module the scripts it copies import (backup and restore need the object storage’s)', () => {
    const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
    const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
    const copied = new Set([...runtime.matchAll(/\/app\/scripts\/([\w-]+\.mjs)/g)].map(([, name]) => name));
    expect(copied).toContain('start.mjs');
    // Static imports only: fresh-build's `import('./build.mjs')` runs where there are sources, never in the image.
    const missing = [...copied].flatMap((script) =>
      [...readFileSync(`${root}scripts/${script}`, 'utf8').matchAll(/from '\.\/([\w-]+\.mjs)'/g)].map(([, name]) => name).filter((name) => !copied.has(name)).map((name) => `${script} imports ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
