/**
 * Sends one Web Push message (issue 50, ADR 032 "Web Push"). `web-push` encrypts the payload to
 * the subscription's keys and signs the VAPID authorization; the request itself goes out here, so
 * that the connection is made only to an address the endpoint policy allows (the name resolved
 * once, checked, and connected to: it cannot change between the check and the send), with a
 * timeout, and with the retries the issue asks for: 429 and 5xx again after a backoff, within a
 * bound; anything longer is left to the scheduler's next claim.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import webpush from 'web-push';
import { isPublicAddress } from './endpoint.ts';

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** A stored subscription: its endpoint (already accepted by the endpoint policy) and its keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  payload: string;
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** A later message with the same topic replaces one not yet delivered. */
  topic?: string;
}

export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410, or a name that now resolves to an address that is not public: the subscription is removed. */
  | { kind: 'gone' }
  /** Not sent now: try again at the next claim, not before `retryAfterMs` when the service said. */
  | { kind: 'failed'; status: number | null; retryAfterMs: number | null };

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Origins sent to as they resolve (PUSH_ALLOWED_ORIGINS); every other name must resolve to public addresses. */
  allowedOrigins: readonly string[];
  /** The waits before the second and third try of a 429 or a 5xx. */
  backoffMs?: readonly number[];
  /** A Retry-After longer than this is left to the next claim rather than waited for. */
  maxWaitMs?: number;
  timeoutMs?: number;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves as the system does, and refuses a name with any answer that is not a public address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const answers = addresses as unknown as { address: string; family: number }[];
    if (answers.length === 0 || !answers.every((answer) => isPublicAddress(answer.address))) {
      return callback(Object.assign(new Error(`push: ${hostname} resolves to an address that is not public`), { code: 'EPRIVATE' }), '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (error: null, all: typeof answers) => void)(null, answers);
    const [first] = answers as [{ address: string; family: number }];
    callback(null, first.address, first.family);
  });
};

/** Retry-After in ms: seconds, or an HTTP date. */
function retryAfterOf(response: IncomingMessage, now = Date.now()): number | null {
  const raw = response.headers['retry-after'];
  if (raw === undefined) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function createPushSender({ vapid, allowedOrigins, backoffMs = [1_000, 4_000], maxWaitMs = 15_000, timeoutMs = 10_000, wait = sleep }: PushSenderOptions) {
  /** One request: its status and Retry-After, or null status when no answer came. */
  function post(target: PushTarget, message: PushMessage): Promise<{ status: number | null; retryAfterMs: number | null; notPublic?: true }> {
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, message.payload, {
      vapidDetails: vapid,
      TTL: message.ttl,
      ...(message.urgency ? { urgency: message.urgency } : {}),
      ...(message.topic ? { topic: message.topic } : {}),
    });
    const url = new URL(details.endpoint);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const outgoing = send(
        url,
        { method: details.method, headers: details.headers as Record<string, string | number>, timeout: timeoutMs, ...(allowedOrigins.includes(url.origin) ? {} : { lookup: publicOnlyLookup }) },
        (response) => {
          response.resume();
          response.once('end', () => resolve({ status: response.statusCode ?? null, retryAfterMs: retryAfterOf(response) }));
        },
      );
      outgoing.once('timeout', () => outgoing.destroy(new Error('push: timed out')));
      outgoing.once('error', (error: Error & { code?: string }) => resolve({ status: null, retryAfterMs: null, ...(error.code === 'EPRIVATE' ? { notPublic: true as const } : {}) }));
      outgoing.end(details.body ?? undefined);
    });
  }

  return {
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      for (let attempt = 0; ; attempt++) {
        const { status, retryAfterMs, notPublic } = await post(target, message);
        if (status !== null && status >= 200 && status < 300) return { kind: 'sent' };
        if (status === 404 || status === 410 || notPublic) return { kind: 'gone' };
        const retryable = status === null || status === 429 || status >= 500;
        const delay = Math.max(backoffMs[attempt] ?? Infinity, retryAfterMs ?? 0);
        if (!retryable || attempt >= backoffMs.length || delay > maxWaitMs) return { kind: 'failed', status, retryAfterMs };
        await wait(delay);
      }
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
