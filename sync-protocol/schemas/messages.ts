/** The coach's side of a client's thread (issue 22): what a message and a read mark carry over REST. */
import { array, number, object, string, type TestContext } from 'yup';
import { CHECK_IN_QUESTION_MAX, CHECK_IN_QUESTIONS_MAX, checkInstant, checkMessageBody, checkUuid, type Checked } from '../mutations/fields.ts';

/** A yup test from one of the mutations' field rules: one definition for both sides' checks. */
const rule = (check: (value: unknown) => Checked<unknown>) =>
  function (this: TestContext, value: unknown) {
    const checked = check(value);
    return checked.ok || this.createError({ message: checked.key });
  };

export const coachMessageSchema = object({
  id: string().required('validation.required').test('uuid', 'validation.idInvalid', rule(checkUuid)),
  body: string().trim().required('validation.required').test('body', 'validation.required', rule(checkMessageBody)),
}).noUnknown(true, 'validation.unknownField');

export const readMarkSchema = object({
  upTo: string().required('validation.required').test('instant', 'validation.invalidDate', rule(checkInstant)),
}).noUnknown(true, 'validation.unknownField');

/** A coach's review of a check-in (issue 22, part 2): the feedback goes to the client as a message with this id. */
export const checkInReviewSchema = object({
  messageId: string().required('validation.required').test('uuid', 'validation.idInvalid', rule(checkUuid)),
  feedback: string().trim().required('validation.required').test('body', 'validation.required', rule(checkMessageBody)),
}).noUnknown(true, 'validation.unknownField');

/** The weekday of a client's check-in, 0 Sunday … 6 Saturday. */
export const checkInDaySchema = object({
  day: number().strict().required('validation.required').integer('validation.invalidOption').min(0, 'validation.invalidOption').max(6, 'validation.invalidOption'),
}).noUnknown(true, 'validation.unknownField');

/** A teacher's own check-in questions (issue 22): at most five, each 1 to 200 characters once trimmed; blank ones are dropped (`ownQuestions`). */
export const checkInQuestionsSchema = object({
  questions: array(string().strict().test('length', 'validation.tooLong', (question) => (question ?? '').trim().length <= CHECK_IN_QUESTION_MAX))
    .strict()
    .required('validation.required')
    .test('count', 'validation.tooMany', (questions) => ownQuestions(questions ?? []).length <= CHECK_IN_QUESTIONS_MAX),
}).noUnknown(true, 'validation.unknownField');

/** The questions as kept: trimmed, the blank ones left out. */
export const ownQuestions = (questions: readonly (string | undefined)[]): string[] => questions.map((question) => (question ?? '').trim()).filter((question) => question !== '');
