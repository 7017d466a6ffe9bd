import type { IntlShape } from 'react-intl';
import { ApiRequestError } from './api.ts';

/**
 * What to tell the user about a failed call: the connection message when the network failed,
 * else the server's own (already translated) message, else the screen's fallback (SPEC §8).
 */
export function errorMessage(intl: IntlShape, error: unknown, fallbackId: string): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'NETWORK') return intl.formatMessage({ id: 'errors.network' });
    if (error.message) return error.message;
    return intl.formatMessage({ id: 'errors.status' }, { status: error.status });
  }
  return intl.formatMessage({ id: fallbackId });
}
