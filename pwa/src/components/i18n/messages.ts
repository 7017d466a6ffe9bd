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
