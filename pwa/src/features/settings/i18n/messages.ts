import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The settings screen's own strings (account security), loaded with the screen. */
export const loadSettingsMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
