import type { IntlShape } from 'react-intl';
import { ApiRequestError } from '#pwa/lib/api.ts';

/**
 * What went wrong, for a toast's second line or a load error (SPEC §8): the connection message
 * when the network failed, else the server's (already translated) message, else 'Tente novamente'.
 */
export function failureText(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'NETWORK') return intl.formatMessage({ id: 'errors.network' });
    if (error.message) return error.message;
    return intl.formatMessage({ id: 'errors.status' }, { status: error.status });
  }
  return intl.formatMessage({ id: 'teacher.tryAgain' });
}
