import type { HttpBindings } from '@hono/node-server';
import type { Locale } from '#protocol/i18n/locales.ts';
import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/client.ts';
import type { GroupCommit } from '../db/group-commit.ts';
import type { ActiveSession, SessionStore } from '../auth/sessions.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import type { Logger } from '../logger.ts';
import type { Clock } from '#protocol/clock/hlc.ts';
import type { Tracking } from '../services/tracking.ts';
import type { Plans } from '../services/plans.ts';
import type { Sync } from '../services/sync.ts';
import type { Subscriptions } from '../services/subscriptions.ts';
import type { Orders } from '../services/orders.ts';
import type { StripeGateway } from '../payments/stripe.ts';
import type { MercadoPagoGateway } from '../payments/mercadopago.ts';
import type { LiveUpdates } from '../live/live-updates.ts';
import type { PlanAuthoring } from '../services/plan-authoring.ts';
import type { StaffUsers } from '../services/staff-users.ts';
import type { ContentGeneration } from '../ai/content-generation.ts';
import type { TranslateTexts } from '../services/translations.ts';
import type { Referrals } from '../services/referrals.ts';
import type { Commissions } from '../services/commissions.ts';
import type { Teachers } from '../services/teachers.ts';
import type { PasswordResets } from '../services/password-resets.ts';
import type { Mailer } from '../mail/mailer.ts';

/** Everything the routes and services need, built once per app (and per test file). */
export interface AppDeps {
  config: Config;
  database: AppDatabase;
  sessions: SessionStore;
  /** Device writes share one COMMIT per event-loop turn (ADR 014). */
  groupCommit: GroupCommit;
  log: Logger;
  now: () => number;
  /** The server's hybrid logical clock: stamps REST writes so they merge with device writes. */
  clock: Clock;
  tracking: Tracking;
  plans: Plans;
  subscriptions: Subscriptions;
  orders: Orders;
  /** The payment providers configured (issue 18, ADR 021); null when a provider's secrets are not set. */
  payments: { stripe: StripeGateway | null; mercadopago: MercadoPagoGateway | null };
  /** Tells a user’s open pages that there is something to pull (ADR 023). */
  live: LiveUpdates;
  sync: Sync;
  /** Diets and workouts written by admins and teachers. */
  authoring: PlanAuthoring;
  staffUsers: StaffUsers;
  generation: ContentGeneration;
  translateTexts: TranslateTexts;
  referrals: Referrals;
  commissions: Commissions;
  teachers: Teachers;
  passwordResets: PasswordResets;
  /** Null when SMTP is not configured (ADR 017). */
  mailer: Mailer | null;
  limiters: {
    loginPerIp: RateLimiter;
    loginPerAccount: RateLimiter;
    registrationPerIp: RateLimiter;
    aiCallsPerUser: RateLimiter;
    payoutsPerTeacher: RateLimiter;
    passwordResetsPerIp: RateLimiter;
    passwordResetsPerAddress: RateLimiter;
  };
}

export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    locale: Locale;
    session: ActiveSession | null;
  };
}
