/**
 * Sends the notices that fall due (issue 50, ADR 032): each instance's scheduler claims due rows
 * (notices.ts) and hands each to the person's devices, as they chose it now, not when it was
 * made: a switch turned off stops what is already waiting. Quiet hours hold a notice until they
 * end. A push service that fails is tried again at a later claim, up to MAX_ATTEMPTS; a
 * subscription it says is gone is removed.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_QUIET_END, DEFAULT_QUIET_START, DEFAULT_WEIGH_IN_DAYS, isNoticeKind, noticeChoicesOf, type NoticeKind } from '#protocol/domain/notice-choices.ts';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { Logger } from '../logger.ts';
import type { PushSubscriptions } from '../push/subscriptions.ts';
import type { PushSender } from '../push/sender.ts';
import { checkInDue, weekdayOf } from '#protocol/domain/check-ins.ts';
import { isLocalDate } from '#protocol/domain/calendar.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import type { UserRow } from '../db/schema/index.ts';
import { checkInDayOf, findUserById } from '../services/clients.ts';
import { isReminderKind, zoneOf, type ReminderKind } from './reminders.ts';
import type { ClaimedNotice, Notices } from './notices.ts';
import { afterQuietHours } from './schedule.ts';
import { coachMessageNotice, noticeEmail, paymentNotice, payoutPaidNotice, planEndNotice, planPublishedNotice, reminderNotice, staffNotice, type CoachMessageData, type NoticeMessage, type PaymentData, type PlanPublishedData, type StaffNoticeData } from './texts.ts';
import { unsubscribeToken } from './unsubscribe.ts';
import type { Mailer } from '../mail/mailer.ts';

/** Notices claimed at a time, and how long a claim holds before another instance may take it. */
const CLAIM_LIMIT = 100;
const LEASE_MS = 60_000;
/** A notice whose push keeps failing is tried this often, a minute apart at least, then left. */
const MAX_ATTEMPTS = 5;
const RETRY_MS = 60_000;
/** How long a push service keeps a message for a device that is offline: a message a day. */
const TTL_SECONDS = { payoutPaid: 86_400, payment: 86_400, planEnding: 86_400, trialEnding: 7_200, coachMessage: 86_400, studentMessage: 86_400, checkInReview: 86_400, newStudent: 86_400, planPublished: 86_400, trackingEvening: 4 * 3_600, checkInDay: 12 * 3_600 } as Record<string, number>;

/** The push service's Topic (RFC 8030 §5.4): at most 32 URL-safe characters, so a tag's digest. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);
/** A push endpoint as a notice's row remembers it: a digest, not the address. */
const digestOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);

export interface NoticeDispatcherDeps {
  db: SqlDatabase;
  /** Null without SMTP: notices go by push only. */
  mailer: Mailer | null;
  /** Where the e-mails' links open (PUBLIC_URL), and the secret their unsubscribe links are signed with. */
  publicUrl: string | null;
  linkSecret: () => Promise<string>;
  notices: Notices;
  pushSubscriptions: PushSubscriptions;
  /** Made once the VAPID keys are known (they may be made in the database on first use). */
  pushSender: () => Promise<PushSender>;
  log: Logger;
  now: () => number;
}

export function createNoticeDispatcher({ db, mailer, publicUrl, linkSecret, notices, pushSubscriptions, pushSender, log, now }: NoticeDispatcherDeps) {
  /** The coach's messages the client has not read yet, counting the one this notice is about. */
  async function unreadFromCoach(userId: string): Promise<number> {
    const row = await db.get<{ unread: number }>(
      `SELECT count(*) AS unread FROM messages m LEFT JOIN message_threads t ON t.user_id = m.user_id
       WHERE m.user_id = ? AND m."from" = 'coach' AND m.deleted_at IS NULL AND m.sent_at > COALESCE(t.client_read_up_to, 0)`,
      [userId],
    );
    return Number(row?.unread ?? 0);
  }

  /**
   * Whether a message was read by the side it was written to (the thread's read mark: the client's,
   * or any coach's for a client's message) or deleted meanwhile: then it is not pushed.
   */
  async function readOrGone(messageId: string, reader: 'client' | 'coach'): Promise<boolean> {
    const mark = reader === 'client' ? 't.client_read_up_to' : 't.coach_read_up_to';
    const seen = await db.get<{ seen: number }>(
      `SELECT 1 AS seen FROM messages m LEFT JOIN message_threads t ON t.user_id = m.user_id
       WHERE m.id = ? AND (m.deleted_at IS NOT NULL OR m.sent_at <= COALESCE(${mark}, 0))`,
      [messageId],
    );
    return seen !== undefined;
  }

  /** Whether a reminder is still worth sending now: its day still chosen, today's tracking or the week's check-in not done. */
  async function stillDue(kind: ReminderKind, key: string, user: UserRow): Promise<boolean> {
    if (user.role !== 'user' || !isLocalDate(key)) return false;
    if (kind === 'weighIn') return (user.weighInDays ?? DEFAULT_WEIGH_IN_DAYS).includes(weekdayOf(key));
    if (kind === 'trackingEvening') {
      const day = await db.get<{ done: number | boolean }>('SELECT is_completed AS done FROM daily_progress WHERE user_id = ? AND local_date = ?', [user.id, key]);
      return !day?.done;
    }
    const sent = await db.get<{ id: string }>('SELECT id FROM check_ins WHERE user_id = ? AND week = ? LIMIT 1', [user.id, key]);
    const registeredOn = localDateIn(zoneOf(user), new Date(user.createdAt));
    return checkInDue({ today: key, checkInDay: checkInDayOf(user), registeredOn, weeksDone: sent ? [key] : [] }) === key;
  }

  /**
   * Whether the trial or plan a notice is about still ends as it did: the trial not ended by a
   * purchase, no paid plan bought to follow the one ending.
   */
  async function planStillEnding(kind: 'trialEnding' | 'planEnding', subscriptionId: string, userId: string): Promise<boolean> {
    const ending = await db.get<{ status: string; end_date: number }>('SELECT status, end_date FROM subscriptions WHERE id = ? AND user_id = ?', [subscriptionId, userId]);
    if (!ending || ending.status !== 'active') return false;
    if (kind === 'trialEnding') return true;
    const last = await db.get<{ end_date: number | null }>("SELECT max(end_date) AS end_date FROM subscriptions WHERE user_id = ? AND status = 'active' AND plan_id <> 'trial'", [userId]);
    return Number(last?.end_date) === Number(ending.end_date);
  }

  /** What to show, or null when there is nothing to say (a reminder no longer due). */
  async function messageOf(notice: ClaimedNotice, user: UserRow): Promise<NoticeMessage | null> {
    const locale = user.preferredLanguage as Locale;
    // A message read meanwhile (its thread open on a screen) is not pushed.
    if (notice.kind === 'coachMessage') return (await readOrGone(notice.key, 'client')) ? null : coachMessageNotice(locale, JSON.parse(notice.payload) as CoachMessageData, await unreadFromCoach(notice.userId));
    if (notice.kind === 'studentMessage' && (await readOrGone(notice.key, 'coach'))) return null;
    if (notice.kind === 'studentMessage' || notice.kind === 'checkInReview' || notice.kind === 'newStudent') return staffNotice(locale, notice.kind, JSON.parse(notice.payload) as StaffNoticeData);
    if (notice.kind === 'payoutPaid') return payoutPaidNotice(locale, JSON.parse(notice.payload) as { amount: number; currency: string });
    if (notice.kind === 'payment') return paymentNotice(locale, JSON.parse(notice.payload) as PaymentData, zoneOf(user));
    if (notice.kind === 'trialEnding' || notice.kind === 'planEnding') return (await planStillEnding(notice.kind, notice.key, user.id)) ? planEndNotice(locale, notice.kind) : null;
    if (notice.kind === 'planPublished') return planPublishedNotice(locale, JSON.parse(notice.payload) as PlanPublishedData);
    if (isReminderKind(notice.kind)) return (await stillDue(notice.kind, notice.key, user)) ? reminderNotice(locale, notice.kind) : null;
    log.error('notices.unknown-kind', { kind: notice.kind });
    return null;
  }

  /** Sends one claimed notice, or holds it, or drops it; what became of it is written before the claim runs out. */
  async function handle(notice: ClaimedNotice): Promise<'sent' | 'held' | 'skipped' | 'retry'> {
    const user = await findUserById(db, notice.userId);
    const choice = user && isNoticeKind(notice.kind) ? noticeChoicesOf(user.notices)[notice.kind] : null;
    if (!user || !choice || (!choice.push && !choice.email)) {
      await notices.markSkipped(notice.id);
      return 'skipped';
    }
    const at = now();
    const zone = zoneOf(user);
    const quietEnds = afterQuietHours(zone, at, user.quietStart ?? DEFAULT_QUIET_START, user.quietEnd ?? DEFAULT_QUIET_END);
    if (quietEnds > at) {
      await notices.retryAt(notice.id, quietEnds);
      return 'held';
    }
    const message = await messageOf(notice, user);
    if (!message) {
      await notices.markSkipped(notice.id);
      return 'skipped';
    }
    // A retry sends only where the earlier tries failed: no second e-mail, no second buzz.
    const sentTo = new Set(notice.sentTo);
    let failed = false;
    if (choice.push) {
      const sender = await pushSender();
      for (const target of await pushSubscriptions.targetsOf(user.id)) {
        const reached = digestOf(target.endpoint);
        if (sentTo.has(reached)) continue;
        const outcome = await sender.send(target, { payload: JSON.stringify(message), ttl: TTL_SECONDS[notice.kind] ?? 7_200, urgency: 'high', topic: topicOf(message.tag) });
        if (outcome.kind === 'gone') await pushSubscriptions.removeEndpoint(target.endpoint);
        else if (outcome.kind === 'failed') failed = true;
        else sentTo.add(reached);
      }
    }
    if (choice.email && mailer && publicUrl && !sentTo.has('email')) {
      const links = { open: new URL(message.url, publicUrl).href, unsubscribe: new URL(`/api/notices/unsubscribe?t=${unsubscribeToken(await linkSecret(), user.id, notice.kind as NoticeKind)}`, publicUrl).href };
      try {
        await mailer.send({ to: user.email, ...noticeEmail(user.preferredLanguage as Locale, message, links) });
        sentTo.add('email');
      } catch (error) {
        log.error('notices.mail-failed', { kind: notice.kind, message: error instanceof Error ? error.message : String(error) });
        failed = true;
      }
    }
    if (failed && notice.attempt < MAX_ATTEMPTS) {
      await notices.retryAt(notice.id, at + RETRY_MS, [...sentTo]);
      return 'retry';
    }
    await notices.markSent(notice.id);
    return 'sent';
  }

  return {
    /** Claims what is due and handles it; how many were handled. One notice's failure does not stop the others. */
    async tick(): Promise<number> {
      const claimed = await notices.claimDue(CLAIM_LIMIT, LEASE_MS);
      for (const notice of claimed) {
        try {
          await handle(notice);
        } catch (error) {
          log.error('notices.send-failed', { kind: notice.kind, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return claimed.length;
    },
  };
}

export type NoticeDispatcher = ReturnType<typeof createNoticeDispatcher>;
