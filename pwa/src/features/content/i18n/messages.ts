import { featureCatalog } from '#pwa/i18n/messages.ts';

/**
 * The diet and workout screens' and in-page views' own strings, loaded with them rather than with
 * the first load. The notifications' wording stays in the app's catalog: the header's menu uses it.
 */
export const loadContentMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
