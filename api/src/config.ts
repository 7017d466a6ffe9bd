/**
 * Configuration from environment variables, validated once at start. Every bad value is named
 * in one error so a self-hoster fixes them all in one go (ARCHITECTURE §2).
 */
import path from 'node:path';
import { LOCALES, type Locale } from '#protocol/i18n/locales.ts';
import { DEFAULT_MINIMUM_PAYOUT_MINOR } from '#protocol/domain/commission.ts';
import { CURRENCY_CODES, PLAN_IDS, type CurrencyCode, type PlanId } from '#protocol/domain/plans.ts';

export interface RateLimits {
  /** Failed logins from one IP address within the window. */
  loginFailuresPerIp: number;
  /** Failed logins for one account within the window. */
  loginFailuresPerAccount: number;
  /** Accounts created from one IP address within four windows (an hour). */
  registrationsPerIp: number;
  /** Generation, translation and image calls by one user within the window (they cost money). */
  aiCallsPerUser: number;
  /** Messages one sender (a client or a coach) sends within the window (issue 22). */
  messagesPerSender: number;
  /** Payout requests by one teacher within four windows (an hour). */
  payoutRequestsPerTeacher: number;
  /** Password-reset e-mails asked from one IP address within four windows (an hour). */
  passwordResetsPerIp: number;
  /** Password-reset e-mails asked for one address within four windows (an hour). */
  passwordResetsPerAddress: number;
  windowMs: number;
}

export interface Config {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /**
   * After SIGTERM, how long the server keeps serving with its readiness at 503 before it stops
   * accepting connections: time for a load balancer's health check to take it out (0 on one VM).
   */
  shutdownDrainSeconds: number;
  databasePath: string;
  /** PostgreSQL instead of the SQLite file when set (ADR 031): postgres://user:password@host:port/name. */
  databaseUrl: string | null;
  /** Where uploaded files live (progress photos); by default `uploads` beside the database. */
  uploadsPath: string;
  /** S3-compatible object storage for the photos instead of UPLOADS_PATH when STORAGE_URL is set (ADR 031). */
  objectStorage: ObjectStorageConfig | null;
  /** How many bytes of photos one user may keep. */
  photoQuotaBytes: number;
  appSecret: string | null;
  /** Serve the session cookie with `Secure` and the `__Host-` prefix. */
  secureCookies: boolean;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy: boolean;
  /** Extra origin allowed for state-changing requests, e.g. https://coach.example.com behind a proxy. */
  publicUrl: string | null;
  openaiApiKey: string | null;
  openaiBaseUrl: string | null;
  openaiModel: string;
  paymentWebhookSecret: string | null;
  /** Stripe, live when both secrets are set: card payments in USD (issue 18, ADR 021). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
  /** Mercado Pago, live when both secrets are set: Checkout Pro and PIX in BRL and ARS (issue 18, ADR 021). */
  mercadopago: { accessToken: string; webhookSecret: string; apiUrl: string } | null;
  paymentsMode: 'demo' | 'live';
  paymentLinks: Partial<Record<PlanId, Partial<Record<Locale, string>>>>;
  /** The least payout per currency, in cents (SPEC §9: 50 unless PAYOUT_MINIMUM_<CURRENCY> says otherwise). */
  payoutMinimums: Record<CurrencyCode, number>;
  supportWhatsapp: string | null;
  supportEmail: string | null;
  /** Where password-reset e-mails go out (smtp:// or smtps://); null: admins share links by hand (ADR 017). */
  smtpUrl: string | null;
  /** The From of those e-mails. */
  mailFrom: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  seedDemoData: boolean;
  logLevel: 'silent' | 'error' | 'info';
  rateLimits: RateLimits;
  /** Where the built PWA lives; null to serve the API only. */
  staticRoot: string | null;
  /** Test only: halt inside the transaction that inserts a weight record with these notes (db/test-halt.ts). */
  testHaltOnWeightNote: string | null;
  /** Web Push (issue 50, ADR 032). */
  push: PushConfig;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; null: a pair made on first start and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** The contact push services may write to (RFC 8292): VAPID_SUBJECT, else PUBLIC_URL or SUPPORT_EMAIL. */
  vapidSubject: string;
  /** Origins besides the known push services' that subscriptions may name (PUSH_ALLOWED_ORIGINS), taken as given. */
  allowedOrigins: string[];
}

/** Where STORAGE_URL points: s3://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…&tls=false&style=path|virtual]. */
export interface ObjectStorageConfig {
  /** The service's address, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  /** Null: the AWS SDK's default chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Path-style addressing (host/bucket/key): on by default except for amazonaws.com. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerIp: 30,
  loginFailuresPerAccount: 10,
  registrationsPerIp: 20,
  aiCallsPerUser: 30,
  messagesPerSender: 60,
  payoutRequestsPerTeacher: 10,
  passwordResetsPerIp: 20,
  passwordResetsPerAddress: 5,
  windowMs: 15 * 60 * 1000,
};

/** The support contacts of a server with demo data and none configured (see loadConfig). */
export const DEMO_SUPPORT = { whatsapp: '+1 202 555 0100', email: 'support@example.com' } as const;

export function loadConfig(env: Env = process.env, defaults: { staticRoot?: string | null } = {}): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : null;
  };

  const nodeEnvRaw = value('NODE_ENV') ?? 'development';
  if (!['production', 'development', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV must be production, development or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = (['production', 'development', 'test'].includes(nodeEnvRaw) ? nodeEnvRaw : 'development') as Config['nodeEnv'];
  const production = nodeEnv === 'production';

  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const boolean = (name: string, fallback: boolean) => {
    const raw = value(name);
    if (raw === null) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string) => {
    const raw = value(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be an http(s) URL (got "${raw}")`);
      return null;
    }
  };
  const oneOf = <T extends string>(name: string, options: readonly T[], fallback: T): T => {
    const raw = value(name);
    if (raw === null) return fallback;
    if ((options as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${options.join(', ')} (got "${raw}")`);
    return fallback;
  };

  const port = integer('PORT', 3000, 1, 65535);
  const databasePath = value('DATABASE_PATH') ?? './data/app.db';
  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) problems.push('DATABASE_URL must be a PostgreSQL URL, postgres://user:password@host:5432/name (or unset for the SQLite file at DATABASE_PATH)');
  const uploadsPath = value('UPLOADS_PATH') ?? path.join(path.dirname(databasePath), 'uploads');
  const storageUrl = value('STORAGE_URL');
  const objectStorage = storageUrl === null ? null : parseStorageUrl(storageUrl);
  // The value holds a secret: it is never echoed back.
  if (typeof objectStorage === 'string') problems.push(`STORAGE_URL ${objectStorage}`);
  const photoQuotaMb = integer('PHOTO_QUOTA_MB', 200, 1, 100_000);

  const appSecret = value('APP_SECRET');
  if (appSecret !== null && appSecret.length < 32) problems.push('APP_SECRET must be at least 32 characters long');
  if (production && appSecret === null) problems.push('APP_SECRET is required when NODE_ENV=production (32+ random characters, e.g. `openssl rand -hex 32`)');

  const supportEmail = value('SUPPORT_EMAIL');
  if (supportEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail)) problems.push(`SUPPORT_EMAIL must be an e-mail address (got "${supportEmail}")`);
  const supportWhatsapp = value('SUPPORT_WHATSAPP');
  if (supportWhatsapp !== null && !/^\+?\d{8,15}$/.test(supportWhatsapp.replace(/[\s()-]/g, ''))) {
    problems.push(`SUPPORT_WHATSAPP must be a phone number with country code, e.g. +5511999999999 (got "${supportWhatsapp}")`);
  }

  const seedDemoData = boolean('SEED_DEMO_DATA', !production);
  // Demo data gets fictional contacts (555-01xx is reserved for fiction, example.com for examples) so
  // "Agendar consulta" and billing help can be tried; a real install shows only what it configured.
  const support = supportWhatsapp === null && supportEmail === null && seedDemoData ? DEMO_SUPPORT : { whatsapp: supportWhatsapp, email: supportEmail };

  // E-mailed links must point at the real site: a link built from the request's Host header would
  // let anyone send a victim a reset link to their own server (ADR 017).
  const smtpUrl = value('SMTP_URL');
  const smtpProtocol = (() => {
    try {
      return smtpUrl === null ? null : new URL(smtpUrl).protocol;
    } catch {
      return 'invalid';
    }
  })();
  // The value may hold a password: it is never echoed back.
  if (smtpProtocol !== null && smtpProtocol !== 'smtp:' && smtpProtocol !== 'smtps:') problems.push('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…');
  const mailFrom = value('MAIL_FROM');
  if (mailFrom !== null && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/.test(mailFrom)) {
    problems.push(`MAIL_FROM must be an e-mail address, optionally as "Name <address>" (got "${mailFrom}")`);
  }
  if (smtpUrl !== null && mailFrom === null) problems.push('MAIL_FROM is required when SMTP_URL is set');
  if (smtpUrl !== null && value('PUBLIC_URL') === null) problems.push('PUBLIC_URL is required when SMTP_URL is set (the address the e-mailed links open)');

  const adminEmail = value('ADMIN_EMAIL')?.toLowerCase() ?? null;
  const adminPassword = env.ADMIN_PASSWORD ?? null;
  if ((adminEmail === null) !== (adminPassword === null)) problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) problems.push(`ADMIN_EMAIL must be an e-mail address (got "${adminEmail}")`);
  if (adminPassword !== null && adminPassword.length < 12) problems.push('ADMIN_PASSWORD must be at least 12 characters long');

  const stripeSecretKey = value('STRIPE_SECRET_KEY');
  const stripeWebhookSecret = value('STRIPE_WEBHOOK_SECRET');
  if ((stripeSecretKey === null) !== (stripeWebhookSecret === null)) problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  const stripeApiUrl = url('STRIPE_API_URL') ?? 'https://api.stripe.com';
  const mercadopagoAccessToken = value('MERCADOPAGO_ACCESS_TOKEN');
  const mercadopagoWebhookSecret = value('MERCADOPAGO_WEBHOOK_SECRET');
  if ((mercadopagoAccessToken === null) !== (mercadopagoWebhookSecret === null)) problems.push('MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET must be set together');
  const mercadopagoApiUrl = url('MERCADOPAGO_API_URL') ?? 'https://api.mercadopago.com';

  const paymentLinks: Config['paymentLinks'] = {};
  for (const plan of PLAN_IDS) {
    for (const locale of LOCALES) {
      const name = `PAYMENT_LINK_${plan.toUpperCase()}_${locale.replace('-', '_').toUpperCase()}`;
      const link = url(name);
      if (link) (paymentLinks[plan] ??= {})[locale] = link;
    }
  }

  const payoutMinimums = Object.fromEntries(
    CURRENCY_CODES.map((currency) => {
      const name = `PAYOUT_MINIMUM_${currency}`;
      const raw = value(name);
      const amount = raw === null ? DEFAULT_MINIMUM_PAYOUT_MINOR / 100 : Number(raw);
      if (!Number.isFinite(amount) || amount < 0 || amount > 1_000_000 || Math.round(amount * 100) !== amount * 100) {
        problems.push(`${name} must be an amount from 0 to 1000000 with at most two decimals (got "${raw}")`);
        return [currency, DEFAULT_MINIMUM_PAYOUT_MINOR];
      }
      return [currency, Math.round(amount * 100)];
    }),
  ) as Record<CurrencyCode, number>;

  const testHaltOnWeightNote = value('TEST_HALT_ON_WEIGHT_NOTE');
  if (testHaltOnWeightNote !== null && nodeEnv !== 'test') problems.push('TEST_HALT_ON_WEIGHT_NOTE is for the crash test and needs NODE_ENV=test');
  if (testHaltOnWeightNote !== null && !/^[\w:.-]{1,64}$/.test(testHaltOnWeightNote)) problems.push(`TEST_HALT_ON_WEIGHT_NOTE must be 1-64 letters, digits, _ : . - (got "${testHaltOnWeightNote}")`);

  const vapidPublicKey = value('VAPID_PUBLIC_KEY');
  const vapidPrivateKey = value('VAPID_PRIVATE_KEY');
  if ((vapidPublicKey === null) !== (vapidPrivateKey === null)) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (make a pair with `npx web-push generate-vapid-keys`)');
  // The private key is a secret: never echoed back.
  if (vapidPublicKey !== null && !/^[\w-]{87}$/.test(vapidPublicKey)) problems.push('VAPID_PUBLIC_KEY must be a P-256 public key, 87 characters of URL-safe base64');
  if (vapidPrivateKey !== null && !/^[\w-]{43}$/.test(vapidPrivateKey)) problems.push('VAPID_PRIVATE_KEY must be a P-256 private key, 43 characters of URL-safe base64');
  const isVapidSubject = (subject: string) => /^mailto:[^\s@]+@[^\s@]+$|^https:\/\/\S+$/.test(subject);
  const givenSubject = value('VAPID_SUBJECT');
  if (givenSubject !== null && !isVapidSubject(givenSubject)) problems.push(`VAPID_SUBJECT must be a mailto: address or an https: URL (got "${givenSubject}")`);
  // Else a contact the server already has: its public https address, its support e-mail.
  const candidates = [value('PUBLIC_URL')?.replace(/\/+$/, ''), support.email === null ? undefined : `mailto:${support.email}`];
  const vapidSubject = givenSubject ?? candidates.find((subject): subject is string => subject !== undefined && isVapidSubject(subject)) ?? 'mailto:webpush@localhost';
  const pushAllowedOrigins = (value('PUSH_ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of pushAllowedOrigins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (!parsed || parsed.origin !== origin) problems.push(`PUSH_ALLOWED_ORIGINS must list origins like https://push.example.com or http://127.0.0.1:4555, separated by commas (got "${origin}")`);
  }

  const config: Config = {
    nodeEnv,
    port,
    host: value('HOST') ?? '0.0.0.0',
    shutdownDrainSeconds: integer('SHUTDOWN_DRAIN_SECONDS', 0, 0, 300),
    databasePath,
    databaseUrl,
    uploadsPath,
    objectStorage: typeof objectStorage === 'string' ? null : objectStorage,
    photoQuotaBytes: photoQuotaMb * 1024 * 1024,
    appSecret,
    secureCookies: boolean('COOKIE_SECURE', production),
    trustProxy: boolean('TRUST_PROXY', false),
    publicUrl: url('PUBLIC_URL'),
    openaiApiKey: value('OPENAI_API_KEY'),
    openaiBaseUrl: url('OPENAI_BASE_URL'),
    openaiModel: value('OPENAI_MODEL') ?? 'gpt-4o-mini',
    paymentWebhookSecret: value('PAYMENT_WEBHOOK_SECRET'),
    mercadopago:
      mercadopagoAccessToken !== null && mercadopagoWebhookSecret !== null ? { accessToken: mercadopagoAccessToken, webhookSecret: mercadopagoWebhookSecret, apiUrl: mercadopagoApiUrl } : null,
    stripe: stripeSecretKey !== null && stripeWebhookSecret !== null ? { secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret, apiUrl: stripeApiUrl } : null,
    paymentsMode: oneOf('PAYMENTS_MODE', ['demo', 'live'] as const, production ? 'live' : 'demo'),
    paymentLinks,
    payoutMinimums,
    supportWhatsapp: support.whatsapp,
    supportEmail: support.email,
    smtpUrl,
    mailFrom,
    adminEmail,
    adminPassword,
    seedDemoData,
    logLevel: oneOf('LOG_LEVEL', ['silent', 'error', 'info'] as const, nodeEnv === 'test' ? 'error' : 'info'),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      registrationsPerIp: integer('RATE_LIMIT_REGISTRATIONS', DEFAULT_RATE_LIMITS.registrationsPerIp, 1, 100_000),
      loginFailuresPerIp: integer('RATE_LIMIT_LOGIN_FAILURES', DEFAULT_RATE_LIMITS.loginFailuresPerIp, 1, 100_000),
      loginFailuresPerAccount: integer('RATE_LIMIT_ACCOUNT_LOGIN_FAILURES', DEFAULT_RATE_LIMITS.loginFailuresPerAccount, 1, 100_000),
      aiCallsPerUser: integer('RATE_LIMIT_AI_CALLS', DEFAULT_RATE_LIMITS.aiCallsPerUser, 1, 100_000),
      messagesPerSender: integer('RATE_LIMIT_MESSAGES', DEFAULT_RATE_LIMITS.messagesPerSender, 1, 100_000),
      payoutRequestsPerTeacher: integer('RATE_LIMIT_PAYOUT_REQUESTS', DEFAULT_RATE_LIMITS.payoutRequestsPerTeacher, 1, 100_000),
      passwordResetsPerIp: integer('RATE_LIMIT_PASSWORD_RESETS', DEFAULT_RATE_LIMITS.passwordResetsPerIp, 1, 100_000),
      passwordResetsPerAddress: integer('RATE_LIMIT_ADDRESS_PASSWORD_RESETS', DEFAULT_RATE_LIMITS.passwordResetsPerAddress, 1, 100_000),
    },
    staticRoot: defaults.staticRoot ?? null,
    testHaltOnWeightNote,
    push: {
      vapidKeys: vapidPublicKey !== null && vapidPrivateKey !== null ? { publicKey: vapidPublicKey, privateKey: vapidPrivateKey } : null,
      vapidSubject,
      allowedOrigins: pushAllowedOrigins,
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function isPostgresUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const STORAGE_URL_FORM = 's3://ACCESS_KEY:SECRET@host[:port]/bucket[?region=us-east-1&tls=false&style=path]';

/**
 * STORAGE_URL as object storage settings, or what is wrong with it (a phrase to follow the
 * variable's name; never the value, which holds a secret). The access key and secret are
 * percent-encoded where they hold `/`, `+`, `@` or `:`.
 */
export function parseStorageUrl(raw: string): ObjectStorageConfig | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `must be a URL of the form ${STORAGE_URL_FORM}`;
  }
  if (url.protocol !== 's3:') return `must start with s3:// (${STORAGE_URL_FORM})`;
  if (url.hostname === '') return `must name the storage service's host (${STORAGE_URL_FORM})`;
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  // S3's bucket naming rules: 3-63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return `must name one bucket after the host, 3-63 lower-case letters, digits, dots or hyphens (${STORAGE_URL_FORM})`;
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if ((accessKeyId === '') !== (secretAccessKey === '')) return 'must give both the access key and the secret (ACCESS_KEY:SECRET@), or neither to use the AWS SDK\'s default credentials';
  const known = new Set(['region', 'tls', 'style']);
  const unknown = [...url.searchParams.keys()].filter((key) => !known.has(key));
  if (unknown.length > 0) return `has unknown settings (${unknown.join(', ')}): only region, tls and style are read`;
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,32}$/.test(region)) return 'must give region as letters, digits and hyphens, e.g. region=eu-west-1';
  const tls = url.searchParams.get('tls') ?? 'true';
  if (tls !== 'true' && tls !== 'false') return 'must give tls as true or false';
  const style = url.searchParams.get('style') ?? (/(^|\.)amazonaws\.com$/.test(url.hostname) ? 'virtual' : 'path');
  if (style !== 'path' && style !== 'virtual') return 'must give style as path or virtual';
  return {
    endpoint: `${tls === 'true' ? 'https' : 'http'}://${url.host}`,
    bucket,
    region,
    credentials: accessKeyId === '' ? null : { accessKeyId, secretAccessKey },
    forcePathStyle: style === 'path',
  };
}
