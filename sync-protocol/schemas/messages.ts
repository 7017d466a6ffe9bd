/** The coach's side of a client's thread (issue 22): what a message and a read mark carry over REST. */
import { number, object, string, type TestContext } from 'yup';
import { checkInstant, checkMessageBody, checkUuid, type Checked } from '../mutations/fields.ts';

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
