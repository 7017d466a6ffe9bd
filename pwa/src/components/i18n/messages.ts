import { featureCatalog } from '#pwa/i18n/messages.ts';

/**
 * The words of the registration answers (fields, options, tabs), which the shared answer fields
 * show: loaded by the screens that ask or show those answers (registration, teacher sign-up,
 * profile, the staff's nutrition card), never by the dashboard.
 */
export const loadAnswerMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});

/**
 * The words of the coaches' shared pieces (the sortable tables, who needs attention): loaded by
 * the teacher dashboard and the admin panel, never by a client's screens.
 */
export const loadCoachingMessages = featureCatalog({
  'pt-BR': () => import('./coaching/pt-BR.json'),
  'es-AR': () => import('./coaching/es-AR.json'),
  'en-US': () => import('./coaching/en-US.json'),
});
