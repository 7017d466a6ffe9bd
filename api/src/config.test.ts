import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databasePath: './data/app.db', nodeEnv: 'development', paymentsMode: 'demo', seedDemoData: true, secureCookies: false });
  });

  it('turns Stripe and Mercado Pago on when both of a provider’s secrets are set, at the provider unless its API URL says otherwise (issue 18)', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: 'https://api.stripe.com' });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: 'http://127.0.0.1:12111/' }).stripe?.apiUrl).toBe('http://127.0.0.1:12111');
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/)]);
    expect(loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'TEST-1', MERCADOPAGO_WEBHOOK_SECRET: 's' }).mercadopago).toEqual({ accessToken: 'TEST-1', webhookSecret: 's', apiUrl: 'https://api.mercadopago.com' });
    expect(problemsOf({ MERCADOPAGO_WEBHOOK_SECRET: 's' })).toEqual([expect.stringMatching(/MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET must be set together/)]);
  });

  it('runs on the SQLite file unless DATABASE_URL names a PostgreSQL server (ADR 031), never echoing its password', () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://leve:pw@db.internal:5432/coach' }).databaseUrl).toBe('postgres://leve:pw@db.internal:5432/coach');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.internal/coach' }).databaseUrl).toBe('postgresql://db.internal/coach');
    for (const bad of ['mysql://leve:pw@db/coach', 'db.internal:5432', 'postgres://']) {
      const problems = problemsOf({ DATABASE_URL: bad });
      expect(problems).toEqual([expect.stringMatching(/DATABASE_URL must be a PostgreSQL URL/)]);
      expect(problems.join('')).not.toContain('pw');
    }
  });

  it('keeps photos in the uploads folder unless STORAGE_URL names an S3 bucket (ADR 031), never echoing its secret', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    expect(loadConfig({ STORAGE_URL: 's3://AKID:s%2Fcr%2Bt@127.0.0.1:9000/leve-photos?tls=false' }).objectStorage).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'leve-photos',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 's/cr+t' },
      forcePathStyle: true,
    });
    // AWS itself: https, virtual-hosted addressing, the SDK's own credentials when none are given.
    expect(loadConfig({ STORAGE_URL: 's3://s3.eu-west-1.amazonaws.com/leve-photos?region=eu-west-1' }).objectStorage).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'leve-photos',
      region: 'eu-west-1',
      credentials: null,
      forcePathStyle: false,
    });
    expect(loadConfig({ STORAGE_URL: 's3://k:pw@storage.example/photos?style=virtual' }).objectStorage?.forcePathStyle).toBe(false);
    const bad: [string, RegExp][] = [
      ['https://k:pw@storage.example/photos', /must start with s3:\/\//],
      ['s3://k:pw@storage.example/', /must name one bucket/],
      ['s3://k:pw@storage.example/Photos_Bucket', /must name one bucket/],
      ['s3://k:pw@storage.example/a/b', /must name one bucket/],
      ['s3://k@storage.example/photos', /both the access key and the secret/],
      ['s3://k:pw@storage.example/photos?tls=no', /tls as true or false/],
      ['s3://k:pw@storage.example/photos?style=dns', /style as path or virtual/],
      ['s3://k:pw@storage.example/photos?regoin=eu-west-1', /unknown settings \(regoin\)/],
      ['not a url', /must be a URL/],
    ];
    for (const [value, message] of bad) {
      const problems = problemsOf({ STORAGE_URL: value });
      expect(problems, value).toEqual([expect.stringMatching(message)]);
      expect(problems[0]).toMatch(/^STORAGE_URL /);
      expect(problems.join('')).not.toContain('pw');
    }
  });

  it('makes VAPID keys on first start unless both are set, and takes a contact for push services from VAPID_SUBJECT, PUBLIC_URL or SUPPORT_EMAIL (issue 50)', () => {
    expect(loadConfig({}).push).toEqual({ vapidKeys: null, vapidSubject: 'mailto:support@example.com', allowedOrigins: [] });
    expect(loadConfig({ PUBLIC_URL: 'https://coach.example.com', SEED_DEMO_DATA: 'false' }).push.vapidSubject).toBe('https://coach.example.com');
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).push.vapidSubject).toBe('mailto:webpush@localhost');
    const publicKey = `B${'a'.repeat(86)}`;
    const privateKey = 'p'.repeat(43);
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:ops@coach.example.com' }).push).toMatchObject({ vapidKeys: { publicKey, privateKey }, vapidSubject: 'mailto:ops@coach.example.com' });
    expect(problemsOf({ VAPID_PUBLIC_KEY: publicKey })).toEqual([expect.stringContaining('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')]);
    const bad = problemsOf({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'secret-that-is-wrong', VAPID_SUBJECT: 'ops@example.com' });
    expect(bad).toHaveLength(3);
    expect(bad.join('\n')).not.toContain('secret-that-is-wrong');
  });

  it('reads the origins PUSH_ALLOWED_ORIGINS adds, each an origin and nothing more (issue 50)', () => {
    expect(loadConfig({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:4555, https://push.example.com' }).push.allowedOrigins).toEqual(['http://127.0.0.1:4555', 'https://push.example.com']);
    expect(problemsOf({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:4555/push,push.example.com' })).toHaveLength(2);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', NODE_ENV: 'staging', OPENAI_BASE_URL: 'not a url', SUPPORT_EMAIL: 'nope', APP_SECRET: 'short' });
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/PORT.*"eighty"/);
    expect(problems.join('\n')).toMatch(/NODE_ENV/);
    expect(problems.join('\n')).toMatch(/OPENAI_BASE_URL/);
    expect(problems.join('\n')).toMatch(/SUPPORT_EMAIL/);
    expect(problems.join('\n')).toMatch(/APP_SECRET must be at least 32/);
  });

  it('requires APP_SECRET in production and turns on secure cookies and live payments there', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([expect.stringMatching(/APP_SECRET is required/)]);
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({ secureCookies: true, paymentsMode: 'live', seedDemoData: false });
  });

  it('gives demo data demo support contacts and a real install none, unless set', () => {
    expect(loadConfig({})).toMatchObject({ supportWhatsapp: '+1 202 555 0100', supportEmail: 'support@example.com' });
    expect(loadConfig({ SEED_DEMO_DATA: 'false' })).toMatchObject({ supportWhatsapp: null, supportEmail: null });
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) })).toMatchObject({ supportWhatsapp: null, supportEmail: null });
    expect(loadConfig({ SUPPORT_EMAIL: 'ajuda@coach.example' })).toMatchObject({ supportWhatsapp: null, supportEmail: 'ajuda@coach.example' });
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), SUPPORT_WHATSAPP: '+55 11 4000-1234' })).toMatchObject({ supportWhatsapp: '+55 11 4000-1234', supportEmail: null });
  });

  it('reads payment links per plan and locale', () => {
    const config = loadConfig({ PAYMENT_LINK_MONTHLY_PT_BR: 'https://pay.example/m-br', PAYMENT_LINK_ANNUAL_EN_US: 'https://pay.example/a-us' });
    expect(config.paymentLinks).toEqual({ monthly: { 'pt-BR': 'https://pay.example/m-br' }, annual: { 'en-US': 'https://pay.example/a-us' } });
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'root@example.com' })).toEqual([expect.stringMatching(/set together/)]);
  });

  it("accepts the crash test's halt only under NODE_ENV=test", () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_HALT_ON_WEIGHT_NOTE: 'halt:1' }).testHaltOnWeightNote).toBe('halt:1');
    expect(loadConfig({}).testHaltOnWeightNote).toBeNull();
    expect(problemsOf({ TEST_HALT_ON_WEIGHT_NOTE: 'halt:1' })).toEqual([expect.stringMatching(/needs NODE_ENV=test/)]);
    expect(problemsOf({ NODE_ENV: 'test', TEST_HALT_ON_WEIGHT_NOTE: "x'; DROP TABLE users" })).toEqual([expect.stringMatching(/TEST_HALT_ON_WEIGHT_NOTE must be/)]);
  });

  it('reads SMTP_URL and MAIL_FROM, which need each other and PUBLIC_URL, and never echoes the SMTP password', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://user:s3cret@mail.example:587', MAIL_FROM: 'Leve Coach <no-reply@example.com>', PUBLIC_URL: 'https://coach.example' });
    expect(config).toMatchObject({ smtpUrl: 'smtp://user:s3cret@mail.example:587', mailFrom: 'Leve Coach <no-reply@example.com>' });
    expect(loadConfig({})).toMatchObject({ smtpUrl: null, mailFrom: null });
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example' })).toEqual([expect.stringMatching(/MAIL_FROM is required/), expect.stringMatching(/PUBLIC_URL is required/)]);
    const problems = problemsOf({ SMTP_URL: 'http://user:s3cret@mail.example', MAIL_FROM: 'not an address', PUBLIC_URL: 'https://coach.example' });
    expect(problems).toEqual([expect.stringMatching(/SMTP_URL must be smtp/), expect.stringMatching(/MAIL_FROM must be an e-mail address/)]);
    expect(problems.join('\n')).not.toContain('s3cret');
  });
});
