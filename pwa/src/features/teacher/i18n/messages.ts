import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The teacher programme's strings (registration and dashboard), loaded with its screens: clients never download them. */
export const loadTeacherMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
