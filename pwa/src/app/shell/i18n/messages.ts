import { featureCatalog } from '#pwa/i18n/messages.ts';

/**
 * The words of refused changes (what each was, and why): loaded with the notice that shows them
 * (RefusalSnackbar), which most visits never load, rather than with every page's catalog.
 */
export const loadRefusalMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
