/**
 * What a person chooses to be told, and how (issue 50, ADR 032 "What a person chooses"): for each
 * kind of notice, push and e-mail, each a profile field of its own that merges last-writer-wins
 * by HLC; the weigh-in reminder's time and days, their time zone and quiet hours.
 */
import type { Role } from './client-enums.ts';
import type { Weekday } from './check-ins.ts';

/** What a client is told: reminders in their own time, and what others did for them. */
export const CLIENT_NOTICES = ['weighIn', 'trackingEvening', 'checkInDay', 'coachMessage', 'planPublished', 'trialEnding', 'planEnding', 'payment'] as const;
/** What a teacher or an admin is told about their students and their earnings. */
export const STAFF_NOTICES = ['checkInReview', 'studentMessage', 'newStudent', 'payoutPaid'] as const;
export const NOTICE_KINDS = [...CLIENT_NOTICES, ...STAFF_NOTICES] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_CHANNELS = ['push', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export type NoticeChoice = Record<NoticeChannel, boolean>;
export type NoticeChoices = Record<NoticeKind, NoticeChoice>;
/** Some of them: a profile update's change, and what a profile keeps over the defaults. */
export type NoticeChoicesChange = Partial<Record<NoticeKind, Partial<NoticeChoice>>>;

/** By e-mail only what a person would not want to miss: money and the end of their plan. */
const EMAIL_BY_DEFAULT: ReadonlySet<NoticeKind> = new Set(['trialEnding', 'planEnding', 'payment', 'payoutPaid']);

export const DEFAULT_NOTICE_CHOICES: NoticeChoices = Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, { push: true, email: EMAIL_BY_DEFAULT.has(kind) }])) as NoticeChoices;

export const isNoticeKind = (value: unknown): value is NoticeKind => typeof value === 'string' && (NOTICE_KINDS as readonly string[]).includes(value);

/** The kinds a person of this role is told about, and so chooses in Settings. */
export const noticeKindsFor = (role: Role): readonly NoticeKind[] => (role === 'user' ? CLIENT_NOTICES : STAFF_NOTICES);

/** Every kind's choice: what was stored over the defaults, anything else in it ignored. */
export function noticeChoicesOf(stored: unknown): NoticeChoices {
  const choices = structuredClone(DEFAULT_NOTICE_CHOICES);
  if (typeof stored !== 'object' || stored === null) return choices;
  for (const [kind, choice] of Object.entries(stored)) {
    if (!isNoticeKind(kind) || typeof choice !== 'object' || choice === null) continue;
    for (const channel of NOTICE_CHANNELS) {
      const on = (choice as Partial<NoticeChoice>)[channel];
      if (typeof on === 'boolean') choices[kind][channel] = on;
    }
  }
  return choices;
}

/** A wall time, `HH:MM` from 00:00 to 23:59. */
export type WallTime = string;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isWallTime = (value: unknown): value is WallTime => typeof value === 'string' && WALL_TIME.test(value);

/** The weigh-in reminder at 07:30 every day, and quiet from 22:00 to 07:00, until the person chooses. */
export const DEFAULT_WEIGH_IN_TIME: WallTime = '07:30';
export const DEFAULT_WEIGH_IN_DAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];
export const DEFAULT_QUIET_START: WallTime = '22:00';
export const DEFAULT_QUIET_END: WallTime = '07:00';

/**
 * The name the runtime knows an IANA zone by ('america/sao_paulo' is 'America/Sao_Paulo');
 * undefined for a name it does not know.
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (value.length === 0 || value.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
