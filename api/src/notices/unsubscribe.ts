/**
 * One-click unsubscribe from a kind of notice by e-mail (issue 50, ADR 032 "E-mail"; RFC 8058):
 * the link in each e-mail names the person and the kind, signed with APP_SECRET, so it works with
 * no sign-in and cannot be made for anyone else or changed into another kind.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNoticeKind, type NoticeKind } from '#protocol/domain/notice-choices.ts';

const mac = (secret: string, subject: string) => createHmac('sha256', secret).update(`unsubscribe:${subject}`).digest('base64url');

/** The token of the link: who, which kind, and the signature of both. */
export function unsubscribeToken(secret: string, userId: string, kind: NoticeKind): string {
  const subject = `${userId}.${kind}`;
  return `${Buffer.from(subject).toString('base64url')}.${mac(secret, subject)}`;
}

/** Who and which kind a token names, or null when it was not made here (tampered with, cut, made up). */
export function readUnsubscribeToken(secret: string, token: unknown): { userId: string; kind: NoticeKind } | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const subject = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(mac(secret, subject));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind] = subject.split('.');
  return userId && isNoticeKind(kind) ? { userId, kind } : null;
}
