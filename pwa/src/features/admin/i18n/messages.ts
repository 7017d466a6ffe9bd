import { loadAnswerMessages } from '#pwa/components/i18n/messages.ts';
import { featureCatalog, mergedCatalogs } from '#pwa/i18n/messages.ts';

/** The admin panel's strings, loaded with the panel: clients never download them. */
export const loadAdminMessages = mergedCatalogs(
  featureCatalog({
    'pt-BR': () => import('./pt-BR.json'),
    'es-AR': () => import('./es-AR.json'),
    'en-US': () => import('./en-US.json'),
  }),
  loadAnswerMessages, // the client's answers, in the nutrition card
);
