import { featureCatalog } from '#pwa/i18n/messages.ts';

/**
 * The plan screens' own strings (the plans, PIX, payments), loaded with them rather than with the
 * first load. Those a toast names by id stay in the app's catalog: the toaster formats them.
 */
export const loadSubscriptionMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
