import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The workout session's own strings (issue 48), loaded with /workout. */
export const loadWorkoutMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
