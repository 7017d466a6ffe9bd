import { useSession } from '#pwa/lib/session.ts';
import { useLocalProfile } from './use-content.ts';

/**
 * When the person consented to their health data being recorded, null if they have not; undefined
 * while the device's profile loads. The pulled profile says (a consent given or withdrawn on another
 * device arrives with it); a profile pulled before the consent existed has no such field, and then
 * the session's word counts.
 */
export function useHealthConsentAt(): string | null | undefined {
  const local = useLocalProfile();
  const session = useSession((s) => s.client?.healthConsentAt);
  if (local === undefined) return undefined;
  return ('healthConsentAt' in local ? local.healthConsentAt : session) ?? null;
}

/**
 * Whether the person has consented to their health data being recorded (issue 22, part 4):
 * undefined while the device's profile loads. The pulled profile says (a consent given on another
 * device arrives with it); a profile pulled before the consent existed has no such field, and then
 * the session's word counts.
 */
export function useHealthConsent(): boolean | undefined {
  const at = useHealthConsentAt();
  return at === undefined ? undefined : at !== null;
}
