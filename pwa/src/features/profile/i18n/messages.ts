import { loadAnswerMessages } from '#pwa/components/i18n/messages.ts';
import { featureCatalog, mergedCatalogs } from '#pwa/i18n/messages.ts';

/** The profile screen's own strings, loaded with the screen rather than with the first load. */
export const loadProfileMessages = mergedCatalogs(
  featureCatalog({
    'pt-BR': () => import('./pt-BR.json'),
    'es-AR': () => import('./es-AR.json'),
    'en-US': () => import('./en-US.json'),
  }),
  loadAnswerMessages, // the client's answers, as the profile shows them
);
