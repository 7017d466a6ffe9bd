import type { HttpBindings } from '@hono/node-server';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { ActiveSession } from '../auth/sessions.ts';

export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    locale: Locale;
    session: ActiveSession | null;
  };
}
