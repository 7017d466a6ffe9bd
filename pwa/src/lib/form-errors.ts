import type { IntlShape } from 'react-intl';
import { ApiRequestError } from './api.ts';

/** A field's message: a catalog key from a schema is translated; the server's own text (400 details) is shown as it came. */
export function fieldMessage(intl: IntlShape, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message in intl.messages ? intl.formatMessage({ id: message }) : message;
}

/** Formik errors from a 4xx's details (`message` is already in the request's language), or null when there are none. */
export function detailErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiRequestError) || error.details.length === 0) return null;
  return Object.fromEntries(error.details.map((detail) => [detail.field, detail.message || detail.code]));
}
