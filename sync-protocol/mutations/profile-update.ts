/**
 * `profile.update`: fields of the user's own profile, each last-writer-wins by HLC (ARCHITECTURE
 * §3). The device shows a weight typed here at once; the server keeps it as a weigh-in at the
 * save's time (ADR 018, its storage's `profile.patch`).
 */
import { applyProfileFields } from '../conflict/rules.ts';
import { isNoticeField, noticeFieldsOf, withNoticeFields } from '../domain/notice-fields.ts';
import type { ProfileUpdateInput } from '../schemas/clients.ts';
import { changedResult, defineMutator, refused, unchangedResult, use, type MutatorContext } from './mutator.ts';

export interface ProfileUpdateArgs {
  fields: ProfileUpdateInput;
}

export const profileUpdate = defineMutator({
  name: 'profile.update',
  version: 1,
  tables: ['profile'],
  // The profile schema's rules (yup), on the server: the device's bundle does without them.
  args: { fields: 'profileFields' },
  *apply({ fields }: ProfileUpdateArgs, { hlc }: MutatorContext) {
    const profile = yield* use((storage) => storage.profile.get());
    // A device that has not pulled its profile yet shows this change once it has (a rebase).
    if (!profile) return refused('NOT_FOUND');
    // `language` is the older name of `preferredLanguage`; a field left undefined is not given.
    // Each notice switch is a field of its own (`notices.weighIn.push`), merged on its own.
    const { language, notices, ...rest } = fields;
    const { updates, hlcs } = applyProfileFields<Record<string, unknown>>(profile.profileHlcs, { ...rest, preferredLanguage: rest.preferredLanguage ?? language, ...noticeFieldsOf(notices ?? {}) }, hlc);
    if (Object.keys(updates).length === 0) return unchangedResult;
    const patch = Object.fromEntries(Object.entries(updates).filter(([name]) => !isNoticeField(name)));
    // A profile pulled before notices existed has none yet.
    if (Object.keys(updates).some(isNoticeField)) patch.notices = withNoticeFields(profile.notices, updates);
    yield* use((storage) => storage.profile.patch(patch, hlcs));
    return changedResult;
  },
});
