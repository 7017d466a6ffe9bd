/**
 * `profile.update`: fields of the user's own profile, each last-writer-wins by HLC (ARCHITECTURE
 * §3). The device shows a weight typed here at once; the server keeps it as a weigh-in at the
 * save's time (ADR 018, its storage's `profile.patch`).
 */
import { applyProfileFields } from '../conflict/rules.ts';
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
    const { language, ...rest } = fields;
    const { updates, hlcs } = applyProfileFields(profile.profileHlcs, { ...rest, preferredLanguage: rest.preferredLanguage ?? language }, hlc);
    if (Object.keys(updates).length === 0) return unchangedResult;
    yield* use((storage) => storage.profile.patch(updates, hlcs));
    return changedResult;
  },
});
