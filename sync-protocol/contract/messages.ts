import type { CheckIn, MeasurementField, Message, MessageThread } from '../conflict/rules.ts';
import type { Attention } from '../domain/attention.ts';
import type { StaffProgressPhoto } from './staff.ts';

/** GET /api/coach/threads: a client's thread as their coach lists it (issue 22). */
export interface CoachThreadSummary {
  clientId: string;
  clientName: string;
  /** The client's messages after the coaching team's read mark. */
  unread: number;
  lastMessage: Message;
}

/** A message as a coach's page shows it: `mine` when this coach sent it (only they may take it back). */
export interface CoachMessage extends Message {
  mine: boolean;
  /** Whether its photo's files have all arrived (`GET /api/photos/:photoId/thumbnail|image`). */
  photoStored: boolean;
}

/** GET /api/coach/threads/:id/messages: a page of the thread, newest first, and both read marks. */
export interface CoachThreadPage {
  messages: CoachMessage[];
  /** Where the next, older page starts (`?before=`), or null at the thread's start. */
  before: string | null;
  thread: MessageThread;
}

/** GET /api/coach/check-ins: a client's weekly check-in as their coach reviews it (issue 22, part 2). */
export interface CoachCheckIn {
  clientId: string;
  clientName: string;
  checkIn: CheckIn;
  /** The client's check-in before this one, for the week's figures side by side; null for the first. */
  previous: CheckIn | null;
  /** The measurements logged with each (from its form or in the week before it); null when none were. */
  measurements: CheckInMeasurements | null;
  previousMeasurements: CheckInMeasurements | null;
  /** The progress photos taken in the check-in's week (its form's included), oldest first. */
  photos: StaffProgressPhoto[];
}

/** A check-in's body measurements (issue 22, part 2): cm and %, as logged. */
export type CheckInMeasurements = Record<MeasurementField, number | null>;

/** GET /api/coach/attention: a student as the coach's "who needs attention" view lists them (issue 22, part 3). */
export interface CoachStudentAttention extends Attention {
  clientId: string;
  clientName: string;
  email: string;
}
