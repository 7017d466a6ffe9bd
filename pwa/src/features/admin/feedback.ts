import type { IntlShape } from 'react-intl';
import { ApiRequestError } from '#pwa/lib/api.ts';
import { showToast } from '#pwa/lib/toast.ts';
import type { PlanKind } from './admin-api.ts';

export type PlanAction = 'create' | 'update' | 'publish' | 'delete';

/** SPEC §8 success toasts of the admin panel. */
const SUCCESS: Record<PlanKind, Record<PlanAction, string>> = {
  diet: { create: 'admin.toast.dietCreated', update: 'admin.toast.dietUpdated', publish: 'admin.toast.dietPublished', delete: 'admin.toast.dietDeleted' },
  workout: {
    create: 'admin.toast.workoutCreated',
    update: 'admin.toast.workoutUpdated',
    publish: 'admin.toast.workoutPublished',
    delete: 'admin.toast.workoutDeleted',
  },
};

const FAILURE: Record<PlanKind, Record<PlanAction, string>> = {
  diet: { create: 'admin.toast.dietCreateFailed', update: 'admin.toast.dietUpdateFailed', publish: 'admin.toast.dietPublishFailed', delete: 'admin.toast.dietDeleteFailed' },
  workout: {
    create: 'admin.toast.workoutCreateFailed',
    update: 'admin.toast.workoutUpdateFailed',
    publish: 'admin.toast.workoutPublishFailed',
    delete: 'admin.toast.workoutDeleteFailed',
  },
};

const AI_FAILURE: Record<PlanKind, string> = { diet: 'admin.toast.dietAiFailed', workout: 'admin.toast.workoutAiFailed' };

/**
 * What went wrong, for a toast's second line (SPEC §8): the connection message when the network
 * failed, else the server's details, else its (already translated) message, else 'Tente novamente'.
 */
export function failureText(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'NETWORK') return intl.formatMessage({ id: 'errors.network' });
    if (error.details.length > 0) return error.details.map((detail) => detail.message).join(' · ');
    if (error.message) return error.message;
  }
  return intl.formatMessage({ id: 'admin.toast.tryAgain' });
}

export function planSucceeded(intl: IntlShape, kind: PlanKind, action: PlanAction) {
  showToast({ severity: 'success', title: intl.formatMessage({ id: SUCCESS[kind][action] }) });
}

export function planFailed(intl: IntlShape, kind: PlanKind, action: PlanAction, error: unknown) {
  console.error('admin.plan', kind, action, error);
  showToast({ severity: 'error', title: intl.formatMessage({ id: FAILURE[kind][action] }), description: failureText(intl, error) });
}

/** SPEC §8 AI generation failures: quota (429), service down (503), invalid answer, anything else. */
export function generationFailed(intl: IntlShape, kind: PlanKind, error: unknown) {
  console.error('admin.generate', kind, error);
  const t = (id: string) => intl.formatMessage({ id });
  const status = error instanceof ApiRequestError ? error.status : 0;
  const code = error instanceof ApiRequestError ? error.code : '';
  if (status === 429 || code === 'AI_QUOTA_EXCEEDED') {
    showToast({ severity: 'error', title: t('admin.toast.aiQuotaTitle'), description: t('admin.toast.aiQuotaMessage') });
  } else if (status === 503 || code === 'AI_UNAVAILABLE') {
    showToast({ severity: 'error', title: t('admin.toast.aiUnavailableTitle'), description: t('admin.toast.aiUnavailableMessage') });
  } else if (code === 'AI_INVALID_RESPONSE') {
    showToast({ severity: 'error', title: t(AI_FAILURE[kind]), description: t('admin.toast.aiInvalidResponse') });
  } else {
    showToast({ severity: 'error', title: t(AI_FAILURE[kind]), description: failureText(intl, error) });
  }
}

/** SPEC §8 user deletion: an active plan (409), no permission (403), anything else. */
export function userDeleteFailed(intl: IntlShape, error: unknown) {
  console.error('admin.deleteUser', error);
  const t = (id: string) => intl.formatMessage({ id });
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 409) {
    showToast({ severity: 'error', title: t('admin.toast.userHasPlanTitle'), description: t('admin.toast.userHasPlanMessage') });
  } else if (status === 403) {
    showToast({ severity: 'error', title: t('admin.toast.userForbiddenTitle'), description: t('admin.toast.userForbiddenMessage') });
  } else {
    showToast({ severity: 'error', title: t('admin.toast.userDeleteFailed'), description: failureText(intl, error) });
  }
}
