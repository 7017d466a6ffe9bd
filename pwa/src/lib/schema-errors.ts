import { ValidationError, type Schema } from 'yup';

/**
 * Formik errors from a shared sync-protocol schema: the first message (a catalog key) per field,
 * in the schema's order, so the form shows what the server would answer.
 */
export async function schemaErrors(schema: Schema, values: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) return {};
    const errors: Record<string, string> = {};
    for (const issue of error.inner) if (issue.path && !errors[issue.path]) errors[issue.path] = String(issue.message);
    return errors;
  }
}
