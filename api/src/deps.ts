import type { Config } from './config.ts';
import type { AppDatabase } from './db/client.ts';
import type { AppDeps } from './http/env.ts';
import { createSessionStore } from './auth/sessions.ts';
import { RateLimiter } from './auth/rate-limit.ts';
import { createLogger } from './logger.ts';
import { createClock } from '#protocol/clock/hlc.ts';
import { createTracking } from './services/tracking.ts';
import { createPlans } from './services/plans.ts';
import { createSync } from './services/sync.ts';
import { createSubscriptions } from './services/subscriptions.ts';
import { createLiveUpdates } from './live/live-updates.ts';
import { createPlanAuthoring } from './services/plan-authoring.ts';
import { createStaffUsers } from './services/staff-users.ts';
import { createContentGeneration } from './ai/content-generation.ts';
import { createKeyVault } from './ai/key-vault.ts';
import { createTranslations } from './services/translations.ts';
import { createReferrals } from './services/referrals.ts';
import { createCommissions } from './services/commissions.ts';
import { createGroupCommit } from './db/group-commit.ts';
import { createTeachers } from './services/teachers.ts';
import { createPasswordResets } from './services/password-resets.ts';
import { createMailer } from './mail/mailer.ts';
import { createOrders } from './services/orders.ts';
import { createStripeGateway } from './payments/stripe.ts';
import { createMercadoPagoGateway } from './payments/mercadopago.ts';

/** Builds the app's dependencies; tests pass a fixed clock or a quieter logger. */
export function createDeps(config: Config, database: AppDatabase, overrides: Partial<Pick<AppDeps, 'now' | 'log'>> = {}): AppDeps {
  const now = overrides.now ?? Date.now;
  const { rateLimits } = config;
  const clock = createClock('server', now);
  const live = createLiveUpdates(database.sqlite);
  const tracking = createTracking(database.sqlite, now, live.changed);
  const subscriptions = createSubscriptions(database.sqlite, tracking.bumpVersion, now);
  const log = overrides.log ?? createLogger(config.logLevel);
  const authoring = createPlanAuthoring(database.sqlite, tracking, now);
  const commissions = createCommissions(database.sqlite, subscriptions, (currency) => config.payoutMinimums[currency as keyof Config['payoutMinimums']] ?? config.payoutMinimums.BRL, now);
  subscriptions.onActivationWithin((subscription, userId) => commissions.record(subscription, userId));
  const aiCallsPerUser = new RateLimiter(rateLimits.aiCallsPerUser, rateLimits.windowMs, now);
  const generation = createContentGeneration({ config, sqlite: database.sqlite, db: database.db, vault: createKeyVault(config.appSecret), log, now, limiter: aiCallsPerUser });
  return {
    config,
    database,
    now,
    clock,
    tracking,
    plans: createPlans(database.sqlite, tracking.bumpVersion, now),
    live,
    subscriptions,
    sync: createSync(database.sqlite, database.db, tracking, subscriptions, clock, now),
    log,
    authoring,
    staffUsers: createStaffUsers(database.sqlite, database.db, subscriptions, authoring),
    generation,
    translateTexts: createTranslations(database.sqlite, generation, now),
    referrals: createReferrals(database.sqlite, now),
    commissions,
    orders: createOrders(database.sqlite, subscriptions, commissions, now),
    payments: {
      stripe: config.stripe ? createStripeGateway(config.stripe) : null,
      mercadopago: config.mercadopago ? createMercadoPagoGateway(config.mercadopago, now) : null,
    },
    teachers: createTeachers(database.sqlite, database.db, generation, now),
    sessions: createSessionStore(database.sqlite, now),
    passwordResets: createPasswordResets(database.sqlite, now),
    mailer: createMailer(config),
    groupCommit: createGroupCommit(database.sqlite),
    limiters: {
      loginPerIp: new RateLimiter(rateLimits.loginFailuresPerIp, rateLimits.windowMs, now),
      loginPerAccount: new RateLimiter(rateLimits.loginFailuresPerAccount, rateLimits.windowMs, now),
      registrationPerIp: new RateLimiter(rateLimits.registrationsPerIp, rateLimits.windowMs * 4, now),
      aiCallsPerUser,
      payoutsPerTeacher: new RateLimiter(rateLimits.payoutRequestsPerTeacher, rateLimits.windowMs * 4, now),
      passwordResetsPerIp: new RateLimiter(rateLimits.passwordResetsPerIp, rateLimits.windowMs * 4, now),
      passwordResetsPerAddress: new RateLimiter(rateLimits.passwordResetsPerAddress, rateLimits.windowMs * 4, now),
    },
  };
}
