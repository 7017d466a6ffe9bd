/**
 * The e-mail and password rules of SPEC §5 as plain functions. The yup schemas of
 * ../schemas/clients.ts are built from these same constants, and the sign-in form checks its two
 * fields with `loginFieldErrors` so that the signed-out screens load no validation library
 * (ADR 010).
 */

/** The valid e-mail address of the HTML spec (the pattern yup's `.email()` uses). */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export const EMAIL_MAX = 254;
export const LOGIN_PASSWORD_MIN = 6;
export const REGISTER_PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export interface LoginFields {
  email: string;
  password: string;
}

/**
 * The first broken rule of each sign-in field, as a catalog key, in the order the login schema
 * checks them (required, then length, then format); a field that passes has no entry.
 */
export function loginFieldErrors({ email, password }: LoginFields): Partial<Record<keyof LoginFields, string>> {
  const errors: Partial<Record<keyof LoginFields, string>> = {};
  const address = email.trim();
  if (address === '') errors.email = 'validation.required';
  else if (address.length > EMAIL_MAX || !EMAIL_PATTERN.test(address)) errors.email = 'validation.emailInvalid';
  if (password === '') errors.password = 'validation.required';
  else if (password.length < LOGIN_PASSWORD_MIN) errors.password = 'validation.passwordMinLogin';
  else if (password.length > PASSWORD_MAX) errors.password = 'validation.passwordMax';
  return errors;
}
