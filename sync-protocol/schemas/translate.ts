import { array, mixed, object, string, type InferType } from 'yup';
import { toLocale } from '../i18n/locales.ts';
import { trimmed } from './fields.ts';

/** SPEC §7 translate-texts contexts: the server words its prompt by them and caches per context. */
export const TRANSLATION_CONTEXTS = ['foods', 'meal-names', 'preparations', 'substitutions-db', 'substitutions'] as const;
export type TranslationContext = (typeof TRANSLATION_CONTEXTS)[number];

/** A diet's longest list (foods of every meal) fits with room; a longer one is not a diet. */
export const MAX_TRANSLATION_TEXTS = 200;
const MAX_TRANSLATION_TEXT = 2_000;

export const translateTextsSchema = object({
  texts: array(string().typeError('validation.invalidType').strict().max(MAX_TRANSLATION_TEXT, 'validation.tooLong').defined('validation.invalidType'))
    .typeError('validation.invalidType')
    .required('validation.required')
    .max(MAX_TRANSLATION_TEXTS, 'validation.tooLong'),
  // Any tag of our three languages ('es-ES', 'pt-PT'…) reads that language's catalog.
  targetLanguage: trimmed()
    .required('validation.required')
    .test('locale', 'validation.invalidOption', (value) => value === undefined || toLocale(value) !== null)
    .transform((value: unknown) => (typeof value === 'string' ? (toLocale(value) ?? value) : value)),
  context: mixed<TranslationContext>().oneOf(TRANSLATION_CONTEXTS, 'validation.invalidOption').required('validation.required'),
}).noUnknown(true, 'validation.unknownField');

export type TranslateTextsInput = InferType<typeof translateTextsSchema>;
