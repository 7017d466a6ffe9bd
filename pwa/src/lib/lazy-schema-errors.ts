import type { Schema } from 'yup';

type Check = (values: unknown) => Promise<Record<string, string>>;

/**
 * `schemaErrors` for a form whose screen must stay light (the sign-up pages): yup and the shared
 * schema (about 14 KB gzip) load when the form is first validated, not with the screen. `preload`
 * starts the download early (when the person starts filling the form in), so that the first
 * submit rarely waits; `validate` is formik's `validate`. Should the code not arrive (offline
 * before the service worker cached it, a deploy in between), the form goes unchecked to the
 * server, which checks the same schema and names the fields in its answer; the next validation
 * tries the download again.
 */
export function lazySchemaErrors(loadSchema: () => Promise<Schema>) {
  let loading: Promise<Check> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('./schema-errors.ts')]).then(
      ([schema, { schemaErrors }]): Check => (values) => schemaErrors(schema, values),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    preload: () => {
      load().catch(() => undefined); // `validate` tries again and reports a failure
    },
    validate: async (values: unknown): Promise<Record<string, string>> => {
      let check: Check;
      try {
        check = await load();
      } catch (error) {
        console.error('validation.load', error);
        return {};
      }
      return check(values);
    },
  };
}
