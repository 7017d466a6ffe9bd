/**
 * What a notice says (issue 50, ADR 032 "Web Push"): its title and body in the recipient's
 * language, the screen a click opens, and the tag that makes a later one replace it on the
 * device. Nothing here carries health data beyond what the text needs.
 */
import type { Locale } from '#protocol/i18n/locales.ts';
import { formatMoney } from '#protocol/domain/money.ts';
import { translate } from '../i18n/translate.ts';

/** What the service worker shows (pwa/src/sw.ts `push`): the payload of every push. */
export interface NoticeMessage {
  kind: string;
  title: string;
  body: string;
  /** The app's path a click opens. */
  url: string;
  /** One notification per tag on a device: a newer one replaces it. */
  tag: string;
}

/** A coach's message: who wrote and what, or how many when several wait unread. */
export interface CoachMessageData {
  coach: string;
  text: string;
}

/** The longest body a notification shows in full on a phone's lock screen, about. */
const BODY_MAX = 140;
const excerpt = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1).trimEnd()}…` : text);

export function coachMessageNotice(locale: Locale, data: CoachMessageData, unread: number): NoticeMessage {
  return {
    kind: 'coachMessage',
    title: translate(locale, 'notices.coachMessage.title', { coach: data.coach }),
    body: unread > 1 ? translate(locale, 'notices.coachMessage.many', { count: unread }) : excerpt(data.text),
    url: '/messages',
    tag: 'coach-message',
  };
}

/** A reminder: the same words every time, opening the dashboard where it is done. */
export const reminderNotice = (locale: Locale, kind: 'weighIn' | 'trackingEvening' | 'checkInDay'): NoticeMessage => ({
  kind,
  title: translate(locale, `notices.${kind}.title`),
  body: translate(locale, `notices.${kind}.body`),
  url: '/dashboard',
  tag: kind,
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A notice as an e-mail, text and HTML, in the recipient's language: its words, a link to its
 * screen, and the one-click unsubscribe from that kind (RFC 8058) in the headers and the body.
 */
export function noticeEmail(locale: Locale, notice: NoticeMessage, links: { open: string; unsubscribe: string }) {
  const t = (key: string) => translate(locale, `notices.email.${key}`);
  const text = [notice.body, '', `${t('open')}: ${links.open}`, '', t('why'), `${t('unsubscribe')}: ${links.unsubscribe}`].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(notice.body)}</p>
<p><a href="${escapeHtml(links.open)}">${escapeHtml(t('open'))}</a></p>
<p style="color:#666;font-size:13px">${escapeHtml(t('why'))} <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(t('unsubscribe'))}</a></p>
</body></html>`;
  return { subject: notice.title, text, html, headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** A diet or a workout published for the client: the words of the app's own notification. */
export interface PlanPublishedData {
  plan: 'dietPublished' | 'workoutPublished';
  title: string;
}

export const planPublishedNotice = (locale: Locale, data: PlanPublishedData): NoticeMessage => ({
  kind: 'planPublished',
  title: translate(locale, `notifications.${data.plan}.title`),
  body: excerpt(translate(locale, `notifications.${data.plan}.message`, { title: data.title })),
  url: data.plan === 'dietPublished' ? '/diet' : '/workout',
  tag: data.plan,
});

/** What a coach is told about a client: who, and the message's words (never a check-in's answers). */
export interface StaffNoticeData {
  clientId: string;
  client: string;
  text?: string;
}

export function staffNotice(locale: Locale, kind: 'studentMessage' | 'checkInReview' | 'newStudent', data: StaffNoticeData): NoticeMessage {
  return {
    kind,
    title: translate(locale, `notices.${kind}.title`, { client: data.client }),
    body: kind === 'studentMessage' ? excerpt(data.text ?? '') : translate(locale, `notices.${kind}.body`),
    url: `/admin?client=${encodeURIComponent(data.clientId)}`,
    tag: `${kind}-${data.clientId}`,
  };
}

/** A payment confirmed (with the plan's end in the person's zone) or refunded. */
export interface PaymentData {
  event: 'confirmed' | 'refunded';
  endsAt?: number;
}

export function paymentNotice(locale: Locale, data: PaymentData, timeZone: string): NoticeMessage {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(data.endsAt ?? 0);
  return {
    kind: 'payment',
    title: translate(locale, `notices.payment.${data.event}Title`),
    body: translate(locale, `notices.payment.${data.event}Body`, { date }),
    url: '/subscription',
    tag: 'payment',
  };
}

/** The trial's or a plan's end ahead: choose or renew a plan. */
export const planEndNotice = (locale: Locale, kind: 'trialEnding' | 'planEnding'): NoticeMessage => ({
  kind,
  title: translate(locale, `notices.${kind}.title`),
  body: translate(locale, `notices.${kind}.body`),
  url: '/plan-upgrade',
  tag: 'plan-end',
});

/** A payout paid to a teacher: how much, in their language's way of writing money. */
export const payoutPaidNotice = (locale: Locale, data: { amount: number; currency: string }): NoticeMessage => ({
  kind: 'payoutPaid',
  title: translate(locale, 'notices.payoutPaid.title'),
  body: translate(locale, 'notices.payoutPaid.body', { amount: formatMoney(data.amount, data.currency, locale) }),
  url: '/teacher-dashboard',
  tag: 'payout',
});
