import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import type { PlanTranslationEdit } from '#protocol/schemas/plans.ts';
import { answer, apiClient, byId } from '#pwa/lib/api.ts';

/** The two kinds of plan a professional writes; each call below exists for both. */
export type PlanKind = 'diet' | 'workout';
export type PlanDto<K extends PlanKind> = K extends 'diet' ? DietPlanDto : WorkoutPlanDto;
/** A plan as the form sends it: every field of the kind's input schema, null when left blank. */
export type PlanPayload = Record<string, string | number | null>;

/** An admin-made password-reset link (ADR 017); `message` is the WhatsApp text in the user's language. */
export interface PasswordResetLinkResponse {
  link: string;
  expiresAt: string;
  message: string;
}

/** SPEC §7 admin and teacher-admin calls, as the admin panel makes them. */
export const adminApi = {
  /** A draft for review: nothing is stored until the professional saves the form. */
  generate: async (kind: PlanKind, userId: string) => {
    const user = apiClient['teacher-admin'].users[':id'];
    if (kind === 'diet') {
      const { diet, source } = await answer(user['generate-diet'].$post(byId(userId)));
      return { draft: diet as Record<string, unknown>, source };
    }
    const { workout, source } = await answer(user['generate-workout'].$post(byId(userId)));
    return { draft: workout as Record<string, unknown>, source };
  },
  /** Created as a draft (201). */
  create: (kind: PlanKind, userId: string, plan: PlanPayload) => {
    const call = { ...byId(userId), json: plan };
    return kind === 'diet' ? answer(apiClient.admin.users[':id'].diet.$post(call)) : answer(apiClient.admin.users[':id'].workout.$post(call));
  },
  update: (kind: PlanKind, planId: string, plan: PlanPayload) => {
    const call = { ...byId(planId), json: plan };
    return kind === 'diet' ? answer(apiClient.admin.diet[':id'].$put(call)) : answer(apiClient.admin.workout[':id'].$put(call));
  },
  publish: (kind: PlanKind, planId: string) =>
    kind === 'diet' ? answer(apiClient['teacher-admin'].diet[':id'].publish.$post(byId(planId))) : answer(apiClient['teacher-admin'].workout[':id'].publish.$post(byId(planId))),
  /** The author's words for a plan's translation into one language (ADR 024). */
  editTranslation: (kind: PlanKind, planId: string, json: PlanTranslationEdit) => {
    const call = { ...byId(planId), json };
    return kind === 'diet' ? answer(apiClient.admin.diet[':id'].translations.$put(call)) : answer(apiClient.admin.workout[':id'].translations.$put(call));
  },
  remove: (kind: PlanKind, planId: string) =>
    kind === 'diet' ? answer(apiClient.admin.diet[':id'].$delete(byId(planId))) : answer(apiClient.admin.workout[':id'].$delete(byId(planId))),
  deleteUser: (userId: string) => answer(apiClient.admin.users[':id'].$delete(byId(userId))),
  passwordResetLink: (userId: string) => answer(apiClient.admin.users[':id']['password-reset'].$post(byId(userId))),
  approveTeacher: (teacherId: string) => answer(apiClient.admin.teachers[':id'].approve.$post(byId(teacherId))),
  testExerciseImage: (image: File) => answer(apiClient.exercises['test-with-attached-image'].$post({ form: { image } })),
};

/** The coach's side of the clients' threads (issue 22), from the panel. */
export const coachApi = {
  threads: () => answer(apiClient.coach.threads.$get()),
  /** Newest first, from `before` (the cursor a page gave) or from the newest. */
  page: (clientId: string, before: string | null) => answer(apiClient.coach.threads[':id'].messages.$get({ ...byId(clientId), query: before ? { before } : {} })),
  /** Idempotent by `id`: a resend after a lost answer writes nothing twice. */
  send: (clientId: string, json: { id: string; body: string }) => answer(apiClient.coach.threads[':id'].messages.$post({ ...byId(clientId), json })),
  remove: (clientId: string, messageId: string) => answer(apiClient.coach.threads[':id'].messages[':messageId'].$delete({ param: { id: clientId, messageId } })),
  markRead: (clientId: string, upTo: string) => answer(apiClient.coach.threads[':id'].read.$post({ ...byId(clientId), json: { upTo } })),
  /** The client's latest workout sessions with their sets and this week's adherence (issue 48, part 6). */
  workouts: (clientId: string) => answer(apiClient.coach.clients[':id']['workout-sessions'].$get(byId(clientId))),
  /** Two of the client's exercise names as one exercise (name keys); a merge made already changes nothing. */
  mergeExercises: (clientId: string, json: { from: string; into: string }) => answer(apiClient.coach.clients[':id']['exercise-merges'].$post({ ...byId(clientId), json })),
  separateExercise: (clientId: string, nameKey: string) => answer(apiClient.coach.clients[':id']['exercise-separations'].$post({ ...byId(clientId), json: { nameKey } })),
  /** The weekday the client's dashboard asks for the check-in (0 = Sunday). */
  setCheckInDay: (clientId: string, day: number) => answer(apiClient.coach.clients[':id']['check-in-day'].$put({ ...byId(clientId), json: { day } })),
};

/** The coach's side of the weekly check-ins (issue 22, part 2). */
export const checkInApi = {
  /** Waiting for review, newest first. */
  queue: () => answer(apiClient.coach['check-ins'].$get({ query: {} })),
  /** The feedback goes to the client as a message with `messageId` (a retry sends it once). */
  review: (checkInId: string, json: { messageId: string; feedback: string }) => answer(apiClient.coach['check-ins'][':id'].review.$post({ ...byId(checkInId), json })),
};

/** Who needs attention (issue 22, part 3): for admins, every client. */
export const attentionApi = {
  list: () => answer(apiClient.coach.attention.$get()),
};
