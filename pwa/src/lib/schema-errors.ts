import { ValidationError, type Schema } from 'yup';
import { firstErrorPerField } from '#protocol/schemas/fields.ts';

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
    // A form has no field to show an object-level message under.
    const { '': _objectLevel, ...fields } = firstErrorPerField(error);
    return fields;
  }
}
