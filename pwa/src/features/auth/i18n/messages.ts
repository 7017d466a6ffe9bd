import { featureCatalog } from '#pwa/i18n/messages.ts';

/** The password-reset screens' own strings (ADR 017), loaded with them rather than with /login. */
export const loadPasswordResetMessages = featureCatalog({
  'pt-BR': () => import('./pt-BR.json'),
  'es-AR': () => import('./es-AR.json'),
  'en-US': () => import('./en-US.json'),
});
