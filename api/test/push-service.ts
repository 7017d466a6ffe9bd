/**
 * A local Web Push service for the tests (issue 50): the server's pushes go to it over HTTP as to
 * FCM or Mozilla's, and it checks them the way a push service and a browser together would. It
 * verifies the VAPID authorization (RFC 8292: an ES256 JWT for the endpoint's origin, signed by
 * the key the request names), then decrypts the body (RFC 8291, aes128gcm of RFC 8188) with the
 * subscription's own keys, which it made as a browser does. No mocked `web-push`: what the tests
 * read is what a device would have shown.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subscription as `pushManager.subscribe()` gives it: its endpoint and the keys the server encrypts to. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface DeliveredPush {
  /** The subscription's id: the last part of its endpoint. */
  subscription: string;
  /** The decrypted body, as the service worker's `push` event reads it. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key that signed it (base64url, uncompressed P-256 point). */
  vapidKey: string;
  /** The JWT's subject: the server's contact. */
  subject: string;
}

/** What the service answers a push with: 201 by default; a test sets 404, 410, 429 or 500. */
export type Answer = { status: number; headers?: Record<string, string> };

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const fromB64url = (text: string) => Buffer.from(text, 'base64url');

/** HKDF-Expand for one block (RFC 5869): every length RFC 8291 asks for fits in one. */
const expand = (prk: Buffer, info: Buffer, length: number) => createHmac('sha256', prk).update(Buffer.concat([info, Buffer.from([1])])).digest().subarray(0, length);
const extract = (salt: Buffer, ikm: Buffer) => createHmac('sha256', salt).update(ikm).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one subscription's aes128gcm body, decrypted. */
export function decryptPush(body: Buffer, receiver: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('push: more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = expand(extract(receiver.auth, shared), keyInfo, 32);
  const prk = extract(salt, ikm);
  const key = expand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = expand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding of zeros.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('push: no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT ES256 over the endpoint's origin, not expired, at most a day ahead. */
export function checkVapid(header: string | undefined, audience: string, now = Date.now()): { key: string; subject: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('vapid: no authorization');
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  if (JSON.parse(fromB64url(head).toString()).alg !== 'ES256') throw new Error('vapid: not ES256');
  const point = fromB64url(key);
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, fromB64url(signature))) throw new Error('vapid: bad signature');
  const body = JSON.parse(fromB64url(claims).toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== audience) throw new Error(`vapid: audience ${body.aud} is not ${audience}`);
  if (typeof body.exp !== 'number' || body.exp * 1000 < now || body.exp * 1000 > now + 24 * 60 * 60 * 1000) throw new Error('vapid: expiry out of range');
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) throw new Error('vapid: no subject');
  return { key, subject: body.sub };
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export interface TestPushService {
  origin: string;
  /** A new browser's subscription: keys made as `pushManager.subscribe()` makes them. */
  subscribe(): TestSubscription;
  /** A subscription to keys a browser made itself (a page's WebCrypto): its private key, public key and auth secret, base64url. */
  adopt(keys: { privateKey: string; publicKey: string; auth: string }): TestSubscription;
  /** Every push delivered so far, decrypted, oldest first. */
  delivered: DeliveredPush[];
  /** Pushes refused (a bad authorization or a body that does not decrypt), with why. */
  refused: string[];
  /** How the next pushes are answered, one per push; afterwards 201. */
  answerNext(...answers: Answer[]): void;
  close(): Promise<void>;
}

/** On a free port unless given one (the e2e run's server is told the service's origin before it starts). */
export async function startTestPushService({ port = 0 }: { port?: number } = {}): Promise<TestPushService> {
  const receivers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const delivered: DeliveredPush[] = [];
  const refused: string[] = [];
  const answers: Answer[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = (request.url ?? '').replace(/^\/push\//, '');
      const receiver = receivers.get(id);
      const answer = answers.shift() ?? { status: 201 };
      if (!receiver) return response.writeHead(404).end();
      if (answer.status !== 201) return response.writeHead(answer.status, answer.headers).end();
      try {
        if (request.method !== 'POST' || request.headers['content-encoding'] !== 'aes128gcm') throw new Error('push: not an aes128gcm POST');
        const vapid = checkVapid(request.headers.authorization, origin);
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('push: no TTL');
        delivered.push({
          subscription: id,
          payload: decryptPush(body, receiver),
          ttl,
          urgency: (request.headers.urgency as string | undefined) ?? null,
          topic: (request.headers.topic as string | undefined) ?? null,
          vapidKey: vapid.key,
          subject: vapid.subject,
        });
        response.writeHead(201, { location: `${origin}/message/${delivered.length}` }).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const receive = (receiver: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): TestSubscription => {
    const id = b64url(randomBytes(12));
    receivers.set(id, receiver);
    return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(receiver.publicKey), auth: b64url(receiver.auth) } };
  };
  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return receive({ privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth: randomBytes(16) });
    },
    adopt: (keys) => receive({ privateKey: fromB64url(keys.privateKey), publicKey: fromB64url(keys.publicKey), auth: fromB64url(keys.auth) }),
    delivered,
    refused,
    answerNext: (...next) => void answers.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
