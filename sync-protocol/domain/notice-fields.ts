/**
 * The notice switches as the profile's merge sees them (issue 50, ADR 032): one field per kind
 * and channel (`notices.weighIn.push`), so two devices that change two switches offline both keep
 * their change. Kept apart from the kinds and their defaults (notice-choices.ts), which the app's
 * first load does without: the profile keeps only what the person chose.
 */
import type { NoticeChoicesChange } from './notice-choices.ts';

export const isNoticeField = (name: string) => name.startsWith('notices.');

/** A change as fields (the schema has checked its kinds and channels). */
export const noticeFieldsOf = (change: NoticeChoicesChange): Record<string, boolean> =>
  Object.fromEntries(Object.entries(change).flatMap(([kind, choice]) => Object.entries(choice ?? {}).map(([channel, on]) => [`notices.${kind}.${channel}`, on])));

/** What the person chose, with the fields that won their merge applied. */
export function withNoticeFields(current: NoticeChoicesChange | undefined, fields: Record<string, unknown>): NoticeChoicesChange {
  const next: Record<string, object> = { ...current };
  for (const [name, on] of Object.entries(fields)) {
    const [, kind = '', channel = ''] = name.split('.');
    if (isNoticeField(name)) next[kind] = { ...next[kind], [channel]: on };
  }
  return next;
}
