/**
 * Graceful shutdown behind a load balancer (issue 49, ADR 031): the built server runs as a child
 * process with SHUTDOWN_DRAIN_SECONDS; a client holds a live-update stream and a request whose
 * body is still arriving (a slow upload: the app has no slow route, and gets none for a test);
 * then SIGTERM. The stream ends at once (its page reconnects to another instance), readiness
 * answers 503 (with `Connection: close`) while liveness answers 200 during the drain, the port
 * then closes, the request in flight still finishes with its 201 and its write stored, its
 * keep-alive connection is closed once answered, and the process exits 0, not forced.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildRegistration } from './factories.ts';
import { buildServerBundle, startServer, type ServerBundle } from './server-process.ts';

let bundle: ServerBundle | undefined;
let workDir: string | undefined;

beforeAll(async () => {
  bundle = await buildServerBundle();
  workDir = mkdtempSync(path.join(tmpdir(), 'graceful-shutdown-'));
}, 90_000);

afterAll(() => {
  bundle?.remove();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true once `url` refuses connections (the port closed), false if it still answers at the deadline. */
async function refusedWithin(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
    } catch {
      return true;
    }
    await sleep(50);
  }
  return false;
}

describe('graceful shutdown (issue 49)', () => {
  it('on SIGTERM: readiness 503 during the drain, live streams end, the in-flight request finishes, exit 0', async () => {
    const database = path.join(workDir as string, 'app.db');
    const server = await startServer((bundle as ServerBundle).entry, database, { SHUTDOWN_DRAIN_SECONDS: '3' });
    onTestFinished(() => server.kill()); // nothing left running if the test fails before its SIGTERM
    const origin = server.url;

    const registered = await fetch(`${origin}/api/clients/register`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(buildRegistration()) });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';

    const stream = await fetch(`${origin}/api/sync/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const events = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await events.read()).value)).toContain('event: poke');

    // A write whose body arrives in two parts, on a keep-alive connection of its own (as a proxy's
    // are): in flight across the stop, and its connection idle only once it is answered.
    const body = Buffer.from(JSON.stringify({ weight: 71.5, notes: 'in flight at SIGTERM' }));
    const agent = new Agent({ keepAlive: true });
    onTestFinished(() => agent.destroy());
    const upload = httpRequest(`${origin}/api/weight-records`, {
      method: 'POST',
      agent,
      headers: { origin, cookie, 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      upload.on('response', (response: IncomingMessage) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      upload.on('error', reject);
    });
    answered.catch(() => undefined); // a cut request fails the test where it is awaited, not as an unhandled rejection
    upload.write(body.subarray(0, 10));
    await sleep(300); // the headers reach the server: the request is in flight

    expect((await fetch(`${origin}/api/health/ready`)).status).toBe(200);
    const exited = server.stop(); // SIGTERM

    // Readiness turns 503 at once; the process and its database still answer liveness.
    await expect.poll(async () => (await fetch(`${origin}/api/health/ready`)).status, { timeout: 2500, interval: 20 }).toBe(503);
    const stopping = await fetch(`${origin}/api/health/ready`, { headers: { 'accept-language': 'en-US' } });
    expect(stopping.headers.get('retry-after')).toBe('5');
    // Every answer asks the client (a proxy) to take its next request elsewhere.
    expect(stopping.headers.get('connection')).toBe('close');
    expect(((await stopping.json()) as { code: string }).code).toBe('SERVER_STOPPING');
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);

    // The live-update stream ends (the browser reconnects to the instance that stays).
    let ended = false;
    while (!ended) ended = (await events.read()).done;
    expect(ended).toBe(true);

    // After the drain the port closes, while the upload is still in flight…
    expect(await refusedWithin(`${origin}/api/health`, 5_000)).toBe(true);
    // …and a while after, it still finishes, answered and stored.
    await sleep(300);
    upload.end(body.subarray(10));
    const answer = await answered;
    expect(answer.status, answer.text).toBe(201);
    // Its connection is closed once answered, not after the keep-alive timeout: no forced exit.
    expect(await exited).toBe(0);

    const db = new Database(database, { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare("SELECT count(*) AS n FROM weight_records WHERE notes = 'in flight at SIGTERM'").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  }, 30_000);
});
