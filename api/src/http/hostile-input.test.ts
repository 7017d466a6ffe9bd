/**
 * Hostile input on every route (issue 8, ARCHITECTURE §4): generated from the route table, each
 * route is sent, by each kind of caller, property-based malformed variants of its valid call:
 * wrong types, missing and extra fields, huge strings and numbers, NaN/Infinity as strings,
 * unicode and control characters, nested JSON bombs, wrong content types, oversized bodies, path
 * ids that are not ids or belong to others, and junk query strings. Every answer is below 500,
 * every refusal is `{ error, code }` with no stack trace nor the validation library's English,
 * and a refused request changes nothing in the database (a dump of every table before and after).
 * Each route's fields are also sent, deterministically, values of the wrong shape: every detail
 * of the refusal is the catalogs' words in the request's language.
 *
 * `HOSTILE_RUNS` sets the variants per route and caller: 12 in `npm test`, 300 for the long run.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { checkWeight } from '#protocol/mutations/fields.ts';
import { createSqliteTestApp, type SqliteTestApp, type TestClient } from '../../test/harness.ts';
import { signIn, TestDevice } from '../../test/factories.ts';
import { dietOf, prepareRouteTable, ROUTE_TABLE_ENV, ROUTES, workoutOf, world, type Cell, type Row } from '../../test/route-table.ts';
import { MAX_JSON_BODY_BYTES } from '../app.ts';
import { LOCALES } from '#protocol/i18n/locales.ts';
import { translate } from '../i18n/translate.ts';
import type { Access } from './router.ts';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
/** One caller of each kind; the matrix covers the scope cells, this test covers the input. */
const CALLERS: Cell[] = ['anonymous', 'client', 'teacherOwn', 'admin'];

beforeAll(() => prepareRouteTable());

/**
 * Every table's rows, hashed: equal before and after means the request changed nothing. The rate
 * limits' counters are left out: a refused password is counted there, on purpose (ADR 031).
 */
function dump(t: SqliteTestApp): string {
  const { sqlite } = t.database;
  const tables = sqlite.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'rate_limits' ORDER BY name").all();
  const hash = createHash('sha256');
  for (const { name } of tables) {
    const rows = sqlite.prepare(`SELECT * FROM "${name}"`).all().map((row) => JSON.stringify(row));
    hash.update(`${name}\n${rows.sort().join('\n')}\n`);
  }
  return hash.digest('hex');
}

// ---- The hostile values -------------------------------------------------------------------

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  // Weights JavaScript's Number() would read as something else (ADR 015).
  '0x40',
  '1e2',
  '84.25',
  '1.000',
  ' 84,2 ',
  '0,04',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\u0000',
  '\u0000\u0001\u0002\u001f\u007f',
  '\u202e\u200b\ufeff',
  '\ud800', // a lone surrogate
  '😀'.repeat(50),
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '__proto__',
  '2026-02-30',
  '2026-13-01T25:61:61Z',
  'x'.repeat(20_000),
);

const hostileScalar = fc.oneof(
  nastyStrings,
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e308, -1e308, 5e-324, 0, -1, 0.04, 84.25, 500.1),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  fc.array(hostileScalar, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Keys that have bitten JSON handlers before, and ones that would raise a privilege if honoured. */
const extraKeys = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'id', 'userId', 'teacherId', 'status', 'amount', 'isAdmin'), fc.string({ maxLength: 12 }));

/** A JSON text nested `depth` deep: arrays or objects. */
const nested = (depth: number, object: boolean) => (object ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth));

// ---- Malformed variants of a valid call -----------------------------------------------------

interface Variant {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  label: string;
}

type ValidCall = { url: string; body: unknown };

function bodyVariants(valid: ValidCall): fc.Arbitrary<Variant> {
  const base = valid.body !== null && typeof valid.body === 'object' && !(valid.body instanceof FormData) ? (valid.body as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  const field = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('field');
  const json = (body: unknown, label: string): Variant => ({ url: valid.url, body: JSON.stringify(body) ?? 'null', label });
  return fc.oneof(
    fc.tuple(field, hostileValue).map(([key, value]) => json({ ...base, [key]: value }, `field ${key} hostile`)),
    fc.tuple(field, field, hostileValue, hostileValue).map(([a, b, x, y]) => json({ ...base, [a]: x, [b]: y }, `fields ${a}, ${b} hostile`)),
    field.map((key) => json(Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)), `field ${key} missing`)),
    fc.tuple(extraKeys, hostileValue).map(([key, value]) => ({ url: valid.url, body: `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'},${JSON.stringify(base).slice(1)}`, label: `extra ${key}` })),
    hostileValue.map((value) => json(value, 'whole body hostile')),
    fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '', 'true', '"text"', '{"a":"\\ud800"}', '{"a":1,"a":2}').map((text) => ({ url: valid.url, body: text, label: `raw ${JSON.stringify(text)}` })),
    fc.tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.boolean()).map(([depth, object]) => ({ url: valid.url, body: nested(depth, object), label: `nested ${depth}` })),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'application/json; charset=utf-16', '').map((type) => ({
      url: valid.url,
      body: JSON.stringify(base),
      headers: { 'content-type': type },
      label: `content-type ${JSON.stringify(type)}`,
    })),
    fc.constant({ url: valid.url, body: JSON.stringify({ ...base, padding: 'x'.repeat(MAX_JSON_BODY_BYTES) }), label: 'oversized body' }),
  );
}

function uploadVariants(valid: ValidCall): fc.Arbitrary<Variant> {
  const form = (name: string, bytes: Uint8Array, type: string) => {
    const data = new FormData();
    data.set(name, new Blob([new Uint8Array(bytes)], { type }), 'upload.bin');
    return data;
  };
  return fc.oneof(
    fc.tuple(fc.uint8Array({ maxLength: 256 }), fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', '')).map(([bytes, type]) => ({ url: valid.url, body: form('image', bytes, type), label: `image of ${type}` })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ url: valid.url, body: form('other', bytes, 'image/png'), label: 'wrong field name' })),
    fc.constant({ url: valid.url, body: form('image', new Uint8Array(6 * 1024 * 1024), 'image/png'), label: 'image over the limit' }),
    fc.constant({ url: valid.url, body: 'not multipart', headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, label: 'broken multipart' }),
  );
}

/** A lone surrogate cannot be encoded as UTF-8: send its raw (invalid) bytes instead. */
function percentEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** The `:id` segment replaced by something that is not one of the caller's ids. */
function idVariants(row: Row, valid: ValidCall, foreignIds: string[]): fc.Arbitrary<Variant> {
  const at = row.path.split('/').indexOf(':id');
  const withId = (id: string) => {
    const parts = valid.url.split('?')[0]!.split('/');
    parts[at] = percentEncoded(id);
    return parts.join('/');
  };
  const body = row.method === 'GET' || valid.body instanceof FormData ? undefined : JSON.stringify(valid.body ?? {});
  return fc
    .oneof(nastyStrings, fc.string({ maxLength: 30 }), fc.constantFrom(...foreignIds), fc.uuid(), fc.constant('f'.repeat(64)), fc.constant(`${uuidv7()}'--`))
    .filter((id) => id.length > 0)
    .map((id) => ({ url: withId(id), body, label: `id ${JSON.stringify(id.slice(0, 40))}` }));
}

function queryVariants(valid: ValidCall): fc.Arbitrary<Variant> {
  return fc
    .dictionary(fc.oneof(fc.constantFrom('cursor', 'date', 'timeZone', 'since', 'limit', 'locale', 'page'), fc.string({ maxLength: 6 })), fc.oneof(nastyStrings, fc.string({ maxLength: 20 })), { minKeys: 1, maxKeys: 3 })
    .map((params) => ({ url: `${valid.url.split('?')[0]}?${new URLSearchParams(params).toString()}`, label: `query ${JSON.stringify(params).slice(0, 60)}` }));
}

function variantsOf(row: Row, valid: ValidCall, foreignIds: string[]): fc.Arbitrary<Variant> {
  const kinds: fc.Arbitrary<Variant>[] = [];
  if (row.path.includes(':id')) kinds.push(idVariants(row, valid, foreignIds));
  if (row.method === 'GET') kinds.push(queryVariants(valid));
  else kinds.push(valid.body instanceof FormData ? uploadVariants(valid) : bodyVariants(valid));
  return fc.oneof(...kinds);
}

// ---- The property ------------------------------------------------------------------------

const STACK_TRACE = /\bat [^\n]*:\d+:\d+|node_modules|\.ts:\d+|Error: /;
/** yup's own English, which must never reach a user or a client program (issue 46). */
const LIBRARY_ENGLISH = /must be a `|is a required field|has unspecified keys|must be one of the following values|cannot be null|must be defined|must be a valid/;

async function send(caller: TestClient, method: Row['method'], variant: Variant) {
  const headers = { ...variant.headers };
  return caller.request<unknown>(method, variant.url, variant.body, headers);
}

describe.each(ROUTES)('hostile input: $method $path', (row) => {
  // A small database per route keeps the dump of every table cheap.
  let t: SqliteTestApp;
  beforeAll(async () => {
    t = await createSqliteTestApp({ env: ROUTE_TABLE_ENV });
  });
  afterAll(() => t.close());

  it.each(CALLERS)('as %s: below 500, refusals are { error, code } and change nothing', { timeout: 120_000 }, async (cell) => {
    const w = await world(t, cell);
    const { url, body } = (await row.call?.(w)) ?? {};
    const valid: ValidCall = { url: url ?? row.path.replace(':id', w.target.id), body: body ?? {} };
    // Ids that exist but belong to other people: another teacher, their student, that student's plans.
    const stranger = await world(t, 'teacherOther');
    const foreignIds = [stranger.teacher.id, stranger.target.id, await dietOf(stranger), await workoutOf(stranger), uuidv7()];
    let state = dump(t);
    await fc.assert(
      fc.asyncProperty(variantsOf(row, valid, foreignIds), async (variant) => {
        const response = await send(w.caller, row.method, variant);
        const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
        expect(response.status, `${variant.label} → ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(text, `${variant.label}: no stack trace`).not.toMatch(STACK_TRACE);
        const after = dump(t);
        if (response.status >= 400) {
          expect(response.body, variant.label).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
          expect(text, `${variant.label}: the validation library's English`).not.toMatch(LIBRARY_ENGLISH);
          expect(after, `${variant.label}: a refused request changed the database`).toBe(state);
        }
        state = after;
      }),
      { numRuns: RUNS },
    );
  });
});

/** A caller each access rule lets through, so the body is read and checked. */
const ALLOWED: Record<Access, Cell> = { public: 'anonymous', signedIn: 'client', staff: 'teacherOwn', teacher: 'teacherOwn', admin: 'admin' };

/** Values of the wrong shape for any field: yup's type checks answer these, not the schemas' own rules. */
const WRONG_SHAPES: unknown[] = [{}, [], [[]], null, true, 12];

/**
 * Every detail of a refusal is the catalogs' words in the request's language, keyed by a catalog
 * key (issue 46): deterministic, so a library's message cannot slip by a random draw.
 */
describe.each(ROUTES.filter((row) => row.method !== 'GET' && row.method !== 'DELETE'))('details in the caller’s language: $method $path', (row) => {
  let t: SqliteTestApp;
  beforeAll(async () => {
    t = await createSqliteTestApp({ env: ROUTE_TABLE_ENV });
  });
  afterAll(() => t.close());

  it('words every detail from the catalogs, never the validation library’s English', { timeout: 120_000 }, async () => {
    const w = await world(t, ALLOWED[row.access]);
    const { url, body } = (await row.call?.(w)) ?? {};
    // Uploads (a form, a file's bytes) carry no JSON fields to get wrong.
    if (body !== undefined && Object.getPrototypeOf(body) !== Object.prototype) return;
    const base = (body ?? {}) as Record<string, unknown>;
    const target = url ?? row.path.replace(':id', w.target.id);
    const bodies = [...Object.keys(base).flatMap((key) => WRONG_SHAPES.map((value) => ({ ...base, [key]: value }))), ...WRONG_SHAPES.map((value) => ({ ...base, unexpected: value }))];
    for (const [index, sent] of bodies.entries()) {
      const locale = LOCALES[index % LOCALES.length]!;
      const response = await w.caller.request<{ details?: { field: string; code: string; message: string }[] }>(row.method, target, JSON.stringify(sent), { 'accept-language': locale });
      const label = `${locale} ${JSON.stringify(sent).slice(0, 200)} → ${JSON.stringify(response.body).slice(0, 300)}`;
      for (const detail of response.body?.details ?? []) {
        expect(detail.message, label).not.toMatch(LIBRARY_ENGLISH);
        expect(translate(locale, detail.code), `${label}: a catalog key`).not.toBe(detail.code);
        expect(detail.message, label).toBe(translate(locale, detail.code));
      }
    }
  });
});

/**
 * One weight rule on every path (ADR 015): whatever is sent as a weight, by REST or by a sync
 * push, what is stored is exactly the weight the shared rule reads from it (1 to 500 kg, one
 * decimal at most), or nothing. `0.04`, `'0x40'` or `'1e2'` are never stored as 0, 64 or 100 kg.
 */
describe('hostile weights on REST and sync push', () => {
  let t: SqliteTestApp;
  beforeAll(async () => {
    t = await createSqliteTestApp({ env: ROUTE_TABLE_ENV });
  });
  afterAll(() => t.close());

  const weightLike = fc.oneof(
    fc.constantFrom<unknown>(0.04, '0x40', '0X40', '1e2', '1E2', '84.25', '84,25', 84.25, '1.000', '1,000', ' 84,2 ', '45,2', '45.2', 45.2, '084,2', '+84', '-84', '84.', ',5', 'Infinity', '-Infinity', 'NaN', Infinity, '٨٤', '８４', '84 kg', 0, -0, 1, 500, 500.1, '500,0', '0b11', '1_000'),
    fc.integer({ min: -10, max: 5100 }).map((tenths) => tenths / 10),
    fc.tuple(fc.integer({ min: 0, max: 5100 }), fc.constantFrom('.', ','), fc.constantFrom('', ' ', '\t')).map(([tenths, sep, pad]) => `${pad}${(tenths / 10).toFixed(1).replace('.', sep)}${pad}`),
    fc.double(),
    hostileScalar,
  );

  it('stores exactly what the shared rule reads, or refuses with 400 / rejected', { timeout: 120_000 }, async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const device = new TestDevice();
    const stored = async () => (await c.get<{ weightRecords: { weight: number }[] }>('/api/weight-records')).body.weightRecords.map((r) => r.weight);
    await fc.assert(
      fc.asyncProperty(weightLike, async (weight) => {
        const expected = checkWeight(weight);
        const before = await stored();
        const rest = await c.post<{ weightRecord?: { weight: number }; code?: string }>('/api/weight-records', { weight });
        const pushed = await c.post<{ results: { status: string; code?: string }[] }>('/api/sync/push', { deviceId: device.deviceId, mutations: [device.addWeight(weight as number)] });
        const after = await stored();
        if (expected.ok) {
          // Only a plain decimal is ever read: never hex, an exponent, a sign or a second decimal.
          if (typeof weight === 'string') expect(weight.trim()).toMatch(/^\d+([.,]\d)?$/);
          else expect(Math.round((weight as number) * 10) / 10).toBe(weight);
          expect(rest.status, JSON.stringify(weight)).toBe(201);
          expect(rest.body.weightRecord?.weight).toBe(expected.value);
          expect(pushed.body.results[0]?.status).toBe('applied');
          expect(after.length).toBe(before.length + 2);
        } else {
          expect(rest.status, JSON.stringify(weight)).toBe(400);
          expect(rest.body.code).toBe('VALIDATION_FAILED');
          expect(pushed.body.results[0]).toMatchObject({ status: 'rejected', code: 'VALIDATION_FAILED' });
          expect(after).toEqual(before);
        }
        for (const w of after) {
          expect(w).toBeGreaterThanOrEqual(1);
          expect(w).toBeLessThanOrEqual(500);
          expect(Math.round(w * 10) / 10).toBe(w);
        }
      }),
      { numRuns: Math.max(RUNS * 10, 120) },
    );
  });
});
