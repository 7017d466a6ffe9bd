/**
 * The role × route matrix (ARCHITECTURE §4, issue 6): every route of the API, called by each kind
 * of caller, with the status each must get. The expectations are generated from one table of
 * (route, access rule, success status, scoped?) and the table must list exactly the app's routes
 * with their declared rules, so a route added without a row (or with another rule) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { CELLS, expected, prepareRouteTable, ROUTE_TABLE_ENV, ROUTES, world } from '../../test/route-table.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: ROUTE_TABLE_ENV });
  await prepareRouteTable();
});
afterAll(() => app.close());

describe('role × route matrix', () => {
  it('lists every route of the app with the rule it declares, and no other', () => {
    const declared = app.app.routeRules.map((r) => `${r.method} ${r.path} ${r.access}`).sort();
    expect(ROUTES.map((r) => `${r.method} ${r.path} ${r.access}`).sort()).toEqual(declared);
  });

  const cases = ROUTES.flatMap((row) => CELLS.map((cell) => ({ row, cell, status: expected(row, cell) })));
  it.each(cases)('$row.method $row.path as $cell → $status', async ({ row, cell, status }) => {
    const w = await world(app, cell);
    const { url, body, headers } = (await row.call?.(w)) ?? {};
    const path = url ?? row.path.replace(':id', w.target.id);
    const response = await w.caller.request<{ code?: string; error?: string }>(row.method, path, body, headers);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    // No answer carries a secret: a password hash, a stored AI key, a session token.
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/\$argon2|passwordHash|password_hash|aiKeyEncrypted|ai_key_encrypted|sk-matrix-key/);
    for (const token of [w.caller.cookies.get('session')].filter(Boolean)) expect(text).not.toContain(token);
    if (status >= 400) expect(response.body).toEqual(expect.objectContaining({ code: expect.any(String), error: expect.any(String) }));
  });
});
