import type { DietPlanDto, WorkoutPlanDto } from '#protocol/contract/plans.ts';
import type { ExerciseImageTestResponse, GenerateDietResponse, GenerateWorkoutResponse } from '#protocol/contract/staff.ts';
import { api } from '#pwa/lib/api.ts';

/** The two kinds of plan a professional writes; each call below exists for both. */
export type PlanKind = 'diet' | 'workout';
export type PlanDto<K extends PlanKind> = K extends 'diet' ? DietPlanDto : WorkoutPlanDto;
/** A plan as the form sends it: every field of the kind's input schema, null when left blank. */
export type PlanPayload = Record<string, string | number | null>;

const id = (value: string) => encodeURIComponent(value);

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
    const path = `/teacher-admin/users/${id(userId)}/generate-${kind}`;
    if (kind === 'diet') {
      const { diet, source } = await api.post<GenerateDietResponse>(path);
      return { draft: diet as Record<string, unknown>, source };
    }
    const { workout, source } = await api.post<GenerateWorkoutResponse>(path);
    return { draft: workout as Record<string, unknown>, source };
  },
  /** Created as a draft (201). */
  create: (kind: PlanKind, userId: string, plan: PlanPayload) => api.post<unknown>(`/admin/users/${id(userId)}/${kind}`, plan),
  update: (kind: PlanKind, planId: string, plan: PlanPayload) => api.put<unknown>(`/admin/${kind}/${id(planId)}`, plan),
  publish: (kind: PlanKind, planId: string) => api.post<unknown>(`/teacher-admin/${kind}/${id(planId)}/publish`),
  remove: (kind: PlanKind, planId: string) => api.delete<{ success: true }>(`/admin/${kind}/${id(planId)}`),
  deleteUser: (userId: string) => api.delete<{ success: true }>(`/admin/users/${id(userId)}`),
  passwordResetLink: (userId: string) => api.post<PasswordResetLinkResponse>(`/admin/users/${id(userId)}/password-reset`),
  approveTeacher: (teacherId: string) => api.post<{ approvedAt: string }>(`/admin/teachers/${id(teacherId)}/approve`),
  testExerciseImage: (image: File) => {
    const form = new FormData();
    form.append('image', image);
    return api.upload<ExerciseImageTestResponse>('/exercises/test-with-attached-image', form);
  },
};
