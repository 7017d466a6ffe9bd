import { createAttention, type AttentionView } from './services/attention.ts';
import type { CheckIns } from './repositories/check-ins.ts';
import { createClock } from '#protocol/clock/hlc.ts';
import type { GroupCommit } from './db/group-commit.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { Logger } from './logger.ts';
import type { SyncVersions } from './repositories/sync-versions.ts';
import type { WeightRecords } from './repositories/weight-records.ts';
import type { DailyProgressRepository } from './repositories/daily-progress.ts';
import type { Notifications } from './repositories/notifications.ts';
import type { ProgressPhotos } from './repositories/progress-photos.ts';
import type { Messages } from './repositories/messages.ts';
import type { MessageThreads } from './repositories/message-threads.ts';
import { createPhotoFiles, type PhotoFiles } from './services/photo-files.ts';
import { createFileStore } from './storage/file-store.ts';
import type { Mutations } from './services/mutations.ts';
import type { Plans } from './services/plans.ts';
import type { Sync } from './services/sync.ts';
import type { Subscriptions } from './services/subscriptions.ts';
import type { Orders } from './services/orders.ts';
import type { StripeGateway } from './payments/stripe.ts';
import type { MercadoPagoGateway } from './payments/mercadopago.ts';
import type { LiveUpdates } from './live/live-updates.ts';
import { createCoachCheckIns, type CoachCheckIns } from './services/coach-check-ins.ts';
import { createCoachWorkouts, type CoachWorkouts } from './services/coach-workouts.ts';
import { createExerciseNames, type ExerciseNames } from './services/exercise-names.ts';
import { createCoachThreads, type CoachThreads } from './services/coach-threads.ts';
import { createNotices } from './notices/notices.ts';
import { createStaffNotices } from './notices/staff-notices.ts';
import { createPlanNotices } from './notices/plan-notices.ts';
import { createSigningSecret } from './notices/signing-secret.ts';
import { createReminders, type Reminders } from './notices/reminders.ts';
import { createNoticeDispatcher, type NoticeDispatcher } from './notices/dispatcher.ts';
import { createPushSender, type PushSender } from './push/sender.ts';
import type { PlanAuthoring } from './services/plan-authoring.ts';
import type { StaffUsers } from './services/staff-users.ts';
import type { ContentGeneration } from './ai/content-generation.ts';
import type { Referrals } from './services/referrals.ts';
import type { Commissions } from './services/commissions.ts';
import type { Teachers } from './services/teachers.ts';
import type { PasswordResets } from './services/password-resets.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/client.ts';
import { createSessionStore } from './auth/sessions.ts';
import { createRateLimitSweeper, RateLimiter } from './auth/rate-limit.ts';
import { createLogger } from './logger.ts';
import { createSyncVersions } from './repositories/sync-versions.ts';
import { createSyncedTables } from './repositories/synced-tables.ts';
import { createMutations } from './services/mutations.ts';
import { createPlans } from './services/plans.ts';
import { createSync } from './services/sync.ts';
import { createSubscriptions } from './services/subscriptions.ts';
import { createLiveUpdates } from './live/live-updates.ts';
import { createHealthConsent, type HealthConsent } from './services/health-consent.ts';
import { createPlanAuthoring } from './services/plan-authoring.ts';
import { createStaffUsers } from './services/staff-users.ts';
import { createContentGeneration } from './ai/content-generation.ts';
import { createKeyVault } from './ai/key-vault.ts';
import { createTranslations, type Translations } from './services/translations.ts';
import { createPlanTranslation } from './services/plan-translation.ts';
import { createReferrals } from './services/referrals.ts';
import { createCommissions } from './services/commissions.ts';
import { createGroupCommit } from './db/group-commit.ts';
import { createTeachers } from './services/teachers.ts';
import { createPasswordResets } from './services/password-resets.ts';
import { createMailer } from './mail/mailer.ts';
import { createOrders } from './services/orders.ts';
import { createStripeGateway } from './payments/stripe.ts';
import { createMercadoPagoGateway } from './payments/mercadopago.ts';
import { createLifecycle, type Lifecycle } from './lifecycle.ts';
import { createPushSubscriptions, type PushSubscriptions } from './push/subscriptions.ts';

/** Everything the routes and services need, built once per app (and per test file): the composition root. */
export interface AppDeps {
  config: Config;
  database: AppDatabase;
  sessions: SessionStore;
  /** Device writes share one COMMIT per event-loop turn (ADR 014). */
  groupCommit: GroupCommit;
  log: Logger;
  now: () => number;
  /** The sync version every synced write stamps, and the unit of work a push runs in. */
  versions: SyncVersions;
  weightRecords: WeightRecords;
  dailyProgress: DailyProgressRepository;
  notifications: Notifications;
  progressPhotos: ProgressPhotos;
  /** Clients' threads with their coaching team, and each side's read mark (issue 22). */
  messages: Messages;
  messageThreads: MessageThreads;
  checkIns: CheckIns;
  /** Progress photos' files under UPLOADS_PATH or in the STORAGE_URL bucket (issue 21, ADR 031). */
  photoFiles: PhotoFiles;
  healthConsent: HealthConsent;
  /** The synced mutations' server side: REST writes run the same mutators as a push (ADR 025). */
  mutations: Mutations;
  plans: Plans;
  subscriptions: Subscriptions;
  orders: Orders;
  /** The payment providers configured (issue 18, ADR 021); null when a provider's secrets are not set. */
  payments: { stripe: StripeGateway | null; mercadopago: MercadoPagoGateway | null };
  /** Tells a user’s open pages that there is something to pull (ADR 023). */
  live: LiveUpdates;
  /** Stopping or not: readiness answers 503 once a graceful shutdown has begun (issue 49). */
  lifecycle: Lifecycle;
  /** Devices' Web Push subscriptions and the server's VAPID keys (issue 50). */
  pushSubscriptions: PushSubscriptions;
  /** Sends the notices that fall due: each instance's scheduler ticks it (issue 50, ADR 032). */
  noticeDispatcher: NoticeDispatcher;
  /** Keeps each client's reminders one occurrence ahead (issue 50). */
  reminders: Reminders;
  /** Signs the notices' one-click unsubscribe links. */
  noticeLinkSecret: () => Promise<string>;
  sync: Sync;
  /** Diets and workouts written by admins and teachers. */
  authoring: PlanAuthoring;
  staffUsers: StaffUsers;
  /** The coach's side of the clients' threads (issue 22). */
  coachThreads: CoachThreads;
  coachCheckIns: CoachCheckIns;
  /** A client's workout sessions for their coach (issue 48, part 6). */
  coachWorkouts: CoachWorkouts;
  /** The names each client's exercises go by: their stable ids and the coaches' merges (ADR 030). */
  exerciseNames: ExerciseNames;
  attention: AttentionView;
  generation: ContentGeneration;
  translateTexts: Translations['translateTexts'];
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

/** Builds the app's dependencies; tests pass a fixed clock or a quieter logger. */
export function createDeps(config: Config, database: AppDatabase, overrides: Partial<Pick<AppDeps, 'now' | 'log'>> = {}): AppDeps {
  const now = overrides.now ?? Date.now;
  const { rateLimits } = config;
  const clock = createClock('server', now);
  const live = createLiveUpdates(database.sql);
  const versions = createSyncVersions(database.sql, clock, live.changed);
  // A client's thread changed: their teacher's and the admins' open pages hear of it (issue 22).
  // The counter first (ADR 031): the group's writes are taken once it is held, with those that
  // arrived while another instance's group held it.
  const groupCommit = createGroupCommit(database.sql, (work) =>
    versions.inUnitOfWork(async () => {
      await versions.hold();
      return work();
    }),
  );
  // Inside the writer's transaction: the coaches hear of it once it commits.
  const coachesChanged = async (clientId: string) => {
    const coaches = await database.sql.all<{ id: string }>("SELECT teacher_id AS id FROM users WHERE id = ? AND teacher_id IS NOT NULL UNION SELECT id FROM users WHERE role = 'admin'", [clientId]);
    for (const { id } of coaches) live.changed(id);
  };
  const notices = createNotices(database.sql, now);
  const staffNotices = createStaffNotices(database.sql, notices, now);
  const repositories = createSyncedTables(database, versions, now, coachesChanged, staffNotices);
  const photoFiles = createPhotoFiles(createFileStore(config), config.photoQuotaBytes);
  const reminders = createReminders(database.sql, notices, now);
  const mutations = createMutations(database.sql, versions, repositories, now, reminders);
  const subscriptions = createSubscriptions(database.sql, versions.bump, now, createPlanNotices(notices, now));
  const log = overrides.log ?? createLogger(config.logLevel);
  const commissions = createCommissions(database.sql, subscriptions, (currency) => config.payoutMinimums[currency as keyof Config['payoutMinimums']] ?? config.payoutMinimums.BRL, now, notices);
  subscriptions.onActivationWithin((subscription, userId) => commissions.record(subscription, userId));
  // Counted in the database, so every instance on it counts the same hits (ADR 031).
  const sweeper = createRateLimitSweeper(database.sql, now);
  const limiter = (name: string, limit: number, windowMs: number) => new RateLimiter(database.sql, name, limit, windowMs, now, sweeper);
  const aiCallsPerUser = limiter('ai-calls', rateLimits.aiCallsPerUser, rateLimits.windowMs);
  const messagesPerSender = limiter('messages', rateLimits.messagesPerSender, rateLimits.windowMs);
  const pushSubscriptions = createPushSubscriptions(database.sql, config.push, now);
  let pushSender: Promise<PushSender> | undefined;
  const mailer = createMailer(config);
  const noticeLinkSecret = createSigningSecret(database.sql, config.appSecret, now);
  const noticeDispatcher = createNoticeDispatcher({
    db: database.sql,
    mailer,
    publicUrl: config.publicUrl,
    linkSecret: noticeLinkSecret,
    notices,
    pushSubscriptions,
    // Made once the VAPID keys are known: kept in the database on first use when none are configured.
    pushSender: () => (pushSender ??= pushSubscriptions.vapidKeys().then((vapid) => createPushSender({ vapid, allowedOrigins: config.push.allowedOrigins }))),
    log,
    now,
  });
  const coachThreads = createCoachThreads(database.sql, repositories.messages, repositories.messageThreads, groupCommit, messagesPerSender, {
    records: repositories.progressPhotos,
    files: photoFiles,
  }, notices);
  const generation = createContentGeneration({ config, db: database.sql, vault: createKeyVault(config.appSecret), log, now, limiter: aiCallsPerUser });
  const translations = createTranslations(database.sql, generation, now);
  const exerciseNames = createExerciseNames(database.sql, versions, now);
  const authoring = createPlanAuthoring(database.sql, versions, repositories.notifications, notices, now, createPlanTranslation(translations.translateItems), exerciseNames);
  return {
    config,
    database,
    now,
    versions,
    ...repositories,
    photoFiles,
    healthConsent: createHealthConsent(database.sql, versions, photoFiles, coachesChanged, now),
    mutations,
    plans: createPlans(database.sql, versions.bump, now),
    live,
    lifecycle: createLifecycle(),
    pushSubscriptions,
    noticeDispatcher,
    noticeLinkSecret,
    reminders,
    subscriptions,
    sync: createSync(database.sql, versions, repositories, mutations, subscriptions, clock, now, messagesPerSender),
    log,
    authoring,
    staffUsers: createStaffUsers(database.sql, subscriptions, authoring),
    coachThreads,
    coachCheckIns: createCoachCheckIns(database.sql, versions, coachThreads, groupCommit, reminders),
    coachWorkouts: createCoachWorkouts(database.sql, coachThreads.clientFor, exerciseNames, now),
    exerciseNames,
    attention: createAttention(database.sql, subscriptions, now),
    generation,
    translateTexts: translations.translateTexts,
    referrals: createReferrals(database.sql, now, staffNotices),
    commissions,
    orders: createOrders(database.sql, subscriptions, commissions, now),
    payments: {
      stripe: config.stripe ? createStripeGateway(config.stripe) : null,
      mercadopago: config.mercadopago ? createMercadoPagoGateway(config.mercadopago, now) : null,
    },
    teachers: createTeachers(database.sql, generation, now),
    sessions: createSessionStore(database.sql, now),
    passwordResets: createPasswordResets(database.sql, now),
    mailer,
    groupCommit,
    limiters: {
      loginPerIp: limiter('login-ip', rateLimits.loginFailuresPerIp, rateLimits.windowMs),
      loginPerAccount: limiter('login-account', rateLimits.loginFailuresPerAccount, rateLimits.windowMs),
      registrationPerIp: limiter('registration-ip', rateLimits.registrationsPerIp, rateLimits.windowMs * 4),
      aiCallsPerUser,
      payoutsPerTeacher: limiter('payouts', rateLimits.payoutRequestsPerTeacher, rateLimits.windowMs * 4),
      passwordResetsPerIp: limiter('password-reset-ip', rateLimits.passwordResetsPerIp, rateLimits.windowMs * 4),
      passwordResetsPerAddress: limiter('password-reset-address', rateLimits.passwordResetsPerAddress, rateLimits.windowMs * 4),
    },
  };
}
