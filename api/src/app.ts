import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { TrieRouter } from 'hono/router/trie-router';
import { HTTPException } from 'hono/http-exception';
import { DomainError, type ErrorBody } from '#protocol/errors.ts';
import { translate } from './i18n/translate.ts';
import { DatabaseUnavailableError } from './db/sql/port.ts';
import { ApiError, httpOf, RETRY_AFTER_UNAVAILABLE_SECONDS } from './http/errors.ts';
import type { AppEnv } from './http/env.ts';
import type { AppDeps } from './deps.ts';
import { requestLocale } from './http/locale.ts';
import { cookieContext, requestContext, sameOriginOnly, sessionFor } from './http/middleware.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { RouteRule } from './http/router.ts';
import { clientsRoutes } from './routes/clients.ts';
import { passwordResetRoutes } from './routes/password-resets.ts';
import { healthRoutes } from './routes/health.ts';
import { dailyProgressRoutes } from './routes/daily-progress.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { pushRoutes } from './routes/push.ts';
import { noticeRoutes } from './routes/notices.ts';
import { syncRoutes } from './routes/sync.ts';
import { weightRecordRoutes } from './routes/weight-records.ts';
import { myContentRoutes } from './routes/my-content.ts';
import { paymentRoutes } from './routes/payments.ts';
import { orderRoutes } from './routes/orders.ts';
import { planRoutes } from './routes/plans.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { teacherAdminRoutes } from './routes/teacher-admin.ts';
import { adminRoutes } from './routes/admin.ts';
import { translateRoutes } from './routes/translate.ts';
import { exerciseRoutes } from './routes/exercises.ts';
import { teacherRoutes } from './routes/teacher.ts';
import { photoRoutes } from './routes/photos.ts';
import { coachRoutes } from './routes/coach.ts';
import { teachersRoutes } from './routes/teachers.ts';
import { countReferralPageVisits, referralRedirect } from './http/referral-visits.ts';
import { createStaticHandler, inlineScriptHashes, jsonInHtml, prerenderedPage, textInHtml } from './static.ts';
import { findUserById, toClientDto } from './services/clients.ts';
import { greetingName, PRERENDERED_CLIENT_NAME, SIGNED_IN_CLIENT_ELEMENT_ID } from '#protocol/contract/clients.ts';
import { subscriptionBanners } from '#protocol/domain/subscription-time.ts';

/**
 * JSON bodies are small; the cap keeps a huge upload from ever reaching a parser. A route that
 * takes a file declares its own limit where it is defined (`maxBodyBytes`, http/router.ts).
 */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

function errorBody(error: DomainError, locale: AppEnv['Variables']['locale']): ErrorBody {
  const body: ErrorBody = { error: translate(locale, `errors.${error.code}`, error.values), code: error.code };
  if (error.fields.length > 0) {
    body.details = error.fields.map((f) => ({ field: f.field, code: f.key, message: translate(locale, f.key) }));
  }
  return body;
}

/**
 * The API: one sub-app per resource (SPEC §7), each route with its access rule. Chained so that
 * its type carries every route's path, input and answer: the PWA calls it through `hono/client`.
 */
function apiRoutes(deps: AppDeps) {
  const health = healthRoutes(deps);
  const clients = clientsRoutes(deps);
  const passwordReset = passwordResetRoutes(deps);
  const sync = syncRoutes(deps);
  const weightRecord = weightRecordRoutes(deps);
  const dailyProgress = dailyProgressRoutes(deps);
  const notification = notificationRoutes(deps);
  const plan = planRoutes(deps);
  const subscription = subscriptionRoutes(deps);
  const payment = paymentRoutes(deps);
  const order = orderRoutes(deps);
  const myContent = myContentRoutes(deps);
  const teacherAdmin = teacherAdminRoutes(deps);
  const admin = adminRoutes(deps);
  const translateTexts = translateRoutes(deps);
  const exercise = exerciseRoutes(deps);
  const teacher = teacherRoutes(deps);
  const teachers = teachersRoutes(deps);
  const photos = photoRoutes(deps);
  const coach = coachRoutes(deps);
  const push = pushRoutes(deps);
  const notices = noticeRoutes(deps);
  const app = new Hono<AppEnv>()
    .route(health.prefix, health.app)
    .route(clients.prefix, clients.app)
    .route(passwordReset.prefix, passwordReset.app)
    .route(sync.prefix, sync.app)
    .route(weightRecord.prefix, weightRecord.app)
    .route(dailyProgress.prefix, dailyProgress.app)
    .route(notification.prefix, notification.app)
    .route(plan.prefix, plan.app)
    .route(subscription.prefix, subscription.app)
    .route(payment.prefix, payment.app)
    .route(order.prefix, order.app)
    .route(myContent.prefix, myContent.app)
    .route(teacherAdmin.prefix, teacherAdmin.app)
    .route(admin.prefix, admin.app)
    .route(translateTexts.prefix, translateTexts.app)
    .route(exercise.prefix, exercise.app)
    .route(teacher.prefix, teacher.app)
    .route(teachers.prefix, teachers.app)
    .route(photos.prefix, photos.app)
    .route(coach.prefix, coach.app)
    .route(push.prefix, push.app)
    .route(notices.prefix, notices.app);
  return { app, rules: [health, clients, passwordReset, sync, weightRecord, dailyProgress, notification, plan, subscription, payment, order, myContent, teacherAdmin, admin, translateTexts, exercise, teacher, teachers, photos, coach, push, notices].flatMap((router) => router.rules) };
}

/** The API's type, for `hc<AppType>()` in the PWA. */
export type AppType = ReturnType<typeof apiRoutes>['app'];

export type App = Hono<AppEnv> & { routeRules: RouteRule[] };

/** Composes the API sub-apps, `/locale`, the PWA, and the one error handler. */
export function createApp(deps: AppDeps): App {
  const app = new Hono<AppEnv>();

  // Counted until handled, so a graceful shutdown closes the database only after (lifecycle.ts).
  app.use('*', (_c, next) => deps.lifecycle.track(next));
  app.use('*', securityHeaders({ https: deps.config.secureCookies, scriptHashes: inlineScriptHashes(deps.config.staticRoot) }));
  app.use('/api/*', requestContext(deps));
  app.use('/locale', requestContext(deps));
  const limit = (maxSize: number): MiddlewareHandler<AppEnv> => {
    const streamed = bodyLimit({
      maxSize,
      onError: () => {
        throw new DomainError('PAYLOAD_TOO_LARGE');
      },
    });
    // A declared length is checked as bodyLimit does, but without touching the body first: asking a
    // node-server request for its body stream builds a whole Fetch Request and takes the read off
    // its fast path. Node's parser never hands a request more bytes than it declared.
    return (c, next) => {
      const declared = c.req.header('content-length');
      if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
      if (parseInt(declared, 10) > maxSize) throw new DomainError('PAYLOAD_TOO_LARGE');
      return next();
    };
  };
  const api = apiRoutes(deps);
  const jsonLimit = limit(MAX_JSON_BODY_BYTES);
  // The routes' own limits, matched as Hono matches the routes: checked before the route is reached.
  const ownLimits = new TrieRouter<MiddlewareHandler<AppEnv>>();
  for (const { method, path, maxBodyBytes } of api.rules) if (maxBodyBytes !== undefined) ownLimits.add(method, path, limit(maxBodyBytes));
  const limitOf = (method: string, path: string) => ownLimits.match(method, path)[0][0]?.[0] ?? jsonLimit;
  // GET and HEAD carry no body; asking a node-server request for one builds a whole Fetch Request.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitOf(c.req.method, c.req.path)(c, next)));
  app.use('/api/*', sameOriginOnly(deps));

  app.route('/', api.app);

  // Not under /api (SPEC §7): the PWA asks which language to start in when none is stored.
  app.get('/locale', (c) => c.json({ locale: c.get('locale') }));

  app.all('/api/*', () => {
    throw new DomainError('NOT_FOUND');
  });

  // A teacher's link (SPEC §2): counted here, outside /api, then on to registration.
  app.get('/r/:code', referralRedirect(deps));

  if (deps.config.staticRoot) {
    app.use('*', countReferralPageVisits(deps));
    // The page names the request's language and, with a session cookie, preloads the signed-in
    // code; a screen the build rendered to HTML comes already in it. Signed in, it carries the
    // client (as GET /clients/session answers it), so the app renders their screen without a
    // round trip first (issue 20, part 2; pwa/src/lib/session.ts).
    const statics = createStaticHandler(deps.config.staticRoot, async (c, urlPath, built) => {
      const { locale, token } = cookieContext(c, deps);
      if (!token) return { pages: [prerenderedPage(locale, urlPath, false), `/index.${locale}.html`] };
      const session = await sessionFor(c, deps, token);
      const user = session ? await findUserById(deps.database.sql, session.user.id) : undefined;
      // A cookie the server no longer knows: the app asks, and learns nobody is signed in.
      if (!user) return { pages: [`/index.${locale}.signed-in.html`] };
      const client = await toClientDto(deps.database.sql, user);
      // The rendered dashboard has no plan banner (trial, ending, ended): the device keeps the place
      // of the one it showed before the app reads the plan, which a page rendered at build time
      // cannot (ADR 026). A client with one gets the page the app renders itself. The device's
      // time zone is not known here: a plan ending within a week may be told a day apart. The plan
      // is read only for a screen the build rendered.
      const rendered = prerenderedPage(locale, urlPath, true);
      const banner = async () => client.role === 'user' && subscriptionBanners(await deps.subscriptions.current(user.id), deps.now(), 'UTC').length > 0;
      return {
        // The prerendered screen greets PRERENDERED_CLIENT_NAME: this client, by their name.
        pages: [...(built(rendered) && !(await banner()) ? [rendered] : []), `/index.${locale}.signed-in.html`],
        personalize: (html) =>
          html
            .replaceAll(PRERENDERED_CLIENT_NAME, textInHtml(greetingName(client.name)))
            .replace('</head>', `<script type="application/json" id="${SIGNED_IN_CLIENT_ELEMENT_ID}">${jsonInHtml({ client })}</script></head>`),
      };
    });
    if (!statics.available) deps.log.error('static.missing', { root: deps.config.staticRoot, hint: 'run npm run build' });
    app.on(['GET', 'HEAD'], '*', (c) => statics.handle(c));
  }

  app.onError((error, c) => {
    const locale = c.get('locale') ?? requestLocale(c);
    if (error instanceof DomainError) {
      const { status, headers } = httpOf(error);
      return c.json(errorBody(error, locale), status, headers);
    }
    if (error instanceof DatabaseUnavailableError) {
      // Passing, as a rule (a restart, a failover): the caller (a device's outbox, a page) tries again after Retry-After.
      deps.log.error('database.unavailable', { method: c.req.method, path: c.req.path, message: error.message });
      const unavailable = new DomainError('DATABASE_UNAVAILABLE', { retryAfterSeconds: RETRY_AFTER_UNAVAILABLE_SECONDS });
      const { status, headers } = httpOf(unavailable);
      return c.json(errorBody(unavailable, locale), status, headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const apiError = new ApiError(error.status, error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_JSON');
      return c.json(errorBody(apiError, locale), apiError.status);
    }
    deps.log.error('request.failed', { method: c.req.method, path: c.req.path, message: error.message, stack: error.stack });
    return c.json(errorBody(new DomainError('INTERNAL'), locale), 500);
  });

  app.notFound((c) => c.json(errorBody(new DomainError('NOT_FOUND'), c.get('locale') ?? requestLocale(c)), 404));

  return Object.assign(app, { routeRules: api.rules });
}
