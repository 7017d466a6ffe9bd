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

/** A field's message: a catalog key from a schema is translated; the server's own text (400 details) is shown as it came. */
export function fieldMessage(intl: IntlShape, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message in intl.messages ? intl.formatMessage({ id: message }) : message;
}

/** Formik errors from a 400's details (`message` is already in the request's language), or null when there are none. */
export function detailErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiRequestError) || error.details.length === 0) return null;
  return Object.fromEntries(error.details.map((detail) => [detail.field, detail.message || detail.code]));
}
