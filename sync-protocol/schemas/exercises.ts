/** A coach's merge of two of a client's exercise names, and its undoing (issue 48, ADR 030): name keys as the coach's view lists them. */
import { object, string } from 'yup';
import { EXERCISE_NAME_MAX } from '../mutations/fields.ts';

const nameKey = () => string().strict().required('validation.required').max(EXERCISE_NAME_MAX, 'validation.tooLong');

export const exerciseMergeSchema = object({ from: nameKey(), into: nameKey() }).noUnknown(true, 'validation.unknownField');

export const exerciseSeparationSchema = object({ nameKey: nameKey() }).noUnknown(true, 'validation.unknownField');
