/**
 * Body limits (ADR 014): every write gets the JSON limit, except a route that takes a file, which
 * declares its own where it is defined (`maxBodyBytes`). Each route is checked here from the app's
 * own list of routes, so a new one is covered without a line of this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { MAX_JSON_BODY_BYTES } from '../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The route's path with an id in each parameter, as a caller sends it. */
const urlOf = (path: string) => path.replace(/:\w+/g, uuidv7());
/** A body of `bytes` bytes, sent without a session: the limit is checked before who is asking. */
const send = (method: string, path: string, bytes: number) => t.client().request(method, urlOf(path), new Uint8Array(bytes));

describe('body limits', () => {
  it('names the routes that take more than a JSON body, each with its own limit', () => {
    const own = t.app.routeRules.filter((rule) => rule.maxBodyBytes !== undefined).map((rule) => `${rule.method} ${rule.path}`);
    expect(own.sort()).toEqual(['POST /api/coach/threads/:id/photo-messages', 'POST /api/exercises/test-with-attached-image']);
  });

  it('applies each route’s own limit to that route alone', async () => {
    for (const { method, path, maxBodyBytes } of t.app.routeRules.filter((rule) => rule.maxBodyBytes !== undefined)) {
      expect(maxBodyBytes).toBeGreaterThan(MAX_JSON_BODY_BYTES);
      expect((await send(method, path, MAX_JSON_BODY_BYTES + 1)).status, `${method} ${path}`).not.toBe(413);
      const over = await send(method, path, (maxBodyBytes as number) + 1);
      expect([over.status, over.body.code], `${method} ${path}`).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    }
  });

  it('applies the JSON limit to every other write', async () => {
    const others = t.app.routeRules.filter((rule) => rule.method !== 'GET' && rule.maxBodyBytes === undefined);
    expect(others.length).toBeGreaterThan(50);
    for (const { method, path } of others) {
      expect((await send(method, path, MAX_JSON_BODY_BYTES)).status, `${method} ${path}`).not.toBe(413);
      const over = await send(method, path, MAX_JSON_BODY_BYTES + 1);
      expect([over.status, over.body.code], `${method} ${path}`).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    }
  });
});
