import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildRegistration, createUser, signIn, uniqueEmail } from '../../test/factories.ts';
import { findUserByEmail, findUserById } from '../services/clients.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorResponse = { error: string; code: string; details?: { field: string; code: string; message: string }[] };
type ClientResponse = { client: Record<string, unknown> };

const fieldOf = (body: ErrorResponse, field: string) => body.details?.find((d) => d.field === field);

describe('POST /api/clients/register', () => {
  it('creates the client, answers { client } without secrets and signs them in', async () => {
    const c = t.client();
    const email = uniqueEmail('Mixed.Case');
    const response = await c.post<ClientResponse>('/api/clients/register', buildRegistration({ email: `  ${email.toUpperCase()} ` }));
    expect(response.status).toBe(201);
    const { client } = response.body;
    expect(client).toMatchObject({ email: email.toLowerCase(), role: 'user', countryCode: 'BR', preferredLanguage: 'pt-BR' });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash|argon/i);
    const cookie = response.headers.getSetCookie().find((h) => h.startsWith('session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // A lifetime, not a date: a phone whose clock is days wrong still keeps the session 30 days.
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Expires=/);
    expect(cookie).not.toMatch(/Secure/); // test config is not production
    const me = await c.get<ClientResponse>('/api/clients/me');
    expect(me.status).toBe(200);
    expect(me.body.client.id).toBe(client.id);
  });

  it.each([
    ['AR', 'es-AR'],
    ['US', 'en-US'],
    ['BR', 'pt-BR'],
  ])('maps country %s to language %s unless one is given', async (countryCode, language) => {
    const mapped = await t.client().post<ClientResponse>('/api/clients/register', buildRegistration({ countryCode }));
    expect(mapped.body.client.preferredLanguage).toBe(language);
    const chosen = await t.client().post<ClientResponse>('/api/clients/register', buildRegistration({ countryCode, preferredLanguage: 'en-US' }));
    expect(chosen.body.client.preferredLanguage).toBe('en-US');
  });

  it('stores every client field of SPEC §3 with canonical enumerations', async () => {
    const response = await t.client().post<ClientResponse>(
      '/api/clients/register',
      buildRegistration({
        phone: '+55 11 91234-5678',
        activityLevel: 'intenso',
        goalType: 'ganhar_massa',
        gender: 'masculino',
        timeFrame: 'oneYear',
        motivation: '  Saúde  ',
        previousAttempts: 'Nenhuma',
        highestWeight: 95,
        lowestWeight: 70,
        dietaryRestrictions: ['vegan', 'glutenFree'],
        medicalConditions: ['diabetes'],
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.client).toMatchObject({
      phone: '+55 11 91234-5678',
      birthDate: '1992-03-10',
      gender: 'male',
      height: 165,
      currentWeight: 82.5,
      targetWeight: 70,
      activityLevel: 'active',
      goalType: 'gainMuscle',
      weeklyWeightGoal: 0.5,
      timeFrame: 'oneYear',
      motivation: 'Saúde',
      previousAttempts: 'Nenhuma',
      highestWeight: 95,
      lowestWeight: 70,
      dietaryRestrictions: ['vegan', 'glutenFree'],
      medicalConditions: ['diabetes'],
    });
    expect(typeof response.body.client.createdAt).toBe('string');
  });

  it.each([
    ['high', 'active'],
    ['ativo', 'active'],
    ['intenso', 'active'],
    ['active', 'active'],
    ['sedentario', 'sedentary'],
    ['Sedentário', 'sedentary'],
    ['leve', 'light'],
    ['moderado', 'moderate'],
    ['extremo', 'veryActive'],
    ['extreme', 'veryActive'],
    ['muito_ativo', 'veryActive'],
    ['veryActive', 'veryActive'],
  ])('normalises activity level %s to %s', async (reading, canonical) => {
    const response = await t.client().post<ClientResponse>('/api/clients/register', buildRegistration({ activityLevel: reading }));
    expect(response.body.client.activityLevel).toBe(canonical);
  });

  it.each([
    ['weightLoss', 'loseWeight'],
    ['perder_peso', 'loseWeight'],
    ['weightGain', 'gainWeight'],
    ['ganhar_peso', 'gainWeight'],
    ['maintenance', 'maintainWeight'],
    ['manter_peso', 'maintainWeight'],
    ['muscleGain', 'gainMuscle'],
    ['melhorar_saude', 'improveHealth'],
    ['tonificar', 'tone'],
  ])('normalises goal type %s to %s', async (reading, canonical) => {
    const response = await t.client().post<ClientResponse>('/api/clients/register', buildRegistration({ goalType: reading }));
    expect(response.body.client.goalType).toBe(canonical);
  });

  // One case per SPEC §5 registration rule: status, code and the field in details.
  it.each([
    ['password', 'short7!', 'validation.passwordMinRegister'],
    ['name', 'A', 'validation.nameMin'],
    ['email', 'not-an-email', 'validation.emailInvalid'],
    ['height', 100, 'validation.heightMin'],
    ['height', 250, 'validation.heightMax'],
    ['currentWeight', 30, 'validation.weightMin'],
    ['currentWeight', 300, 'validation.weightMax'],
    ['targetWeight', 30, 'validation.targetMin'],
    ['targetWeight', 300, 'validation.targetMax'],
    ['weeklyWeightGoal', 0.09, 'validation.weeklyGoalMin'],
    ['weeklyWeightGoal', 2.1, 'validation.weeklyGoalMax'],
    ['height', 'tall', 'validation.number'],
    ['activityLevel', 'couch', 'validation.invalidOption'],
    ['birthDate', '1990-02-30', 'validation.invalidDate'],
    ['birthDate', '1990-2-03', 'validation.invalidDate'],
    ['birthDate', '1990-02-03T00:00', 'validation.invalidDate'],
    ['birthDate', '2999-01-01', 'validation.invalidDate'],
    ['dietaryRestrictions', ['carnivore'], 'validation.invalidOption'],
  ])('rejects %s = %j with %s and changes nothing', async (field, value, key) => {
    const email = uniqueEmail('invalid');
    const response = await t.client().post<ErrorResponse>('/api/clients/register', buildRegistration({ email, [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(fieldOf(response.body, field)?.code).toBe(key);
    expect(await findUserByEmail(t.database.sql, email)).toBeUndefined();
  });

  it('accepts the values just inside the bounds', async () => {
    const response = await t.client().post('/api/clients/register', buildRegistration({
      password: '12345678', name: 'Al', height: 100.1, currentWeight: 299.9, targetWeight: 30.1, weeklyWeightGoal: 2,
    }));
    expect(response.status).toBe(201);
  });

  it('reports every missing required field at once, translated', async () => {
    const response = await t.client({ locale: 'en-US' }).post<ErrorResponse>('/api/clients/register', {});
    expect(response.status).toBe(400);
    const fields = response.body.details?.map((d) => d.field).sort();
    expect(fields).toEqual(['currentWeight', 'email', 'height', 'name', 'password', 'targetWeight', 'weeklyWeightGoal']);
    expect(fieldOf(response.body, 'name')?.message).toBe('This field is required');
    expect(response.body.error).toBe('Please check the highlighted fields');
  });

  it('uses the SPEC wording for messages, in the request language', async () => {
    const en = await t.client({ locale: 'en-US,en;q=0.9' }).post<ErrorResponse>('/api/clients/register', buildRegistration({ password: 'short', height: 90 }));
    expect(fieldOf(en.body, 'password')?.message).toBe('Password must be at least 8 characters');
    expect(fieldOf(en.body, 'height')?.message).toBe('Height must be greater than 100cm');
    const pt = await t.client().post<ErrorResponse>('/api/clients/register', buildRegistration({ password: 'short' }));
    expect(fieldOf(pt.body, 'password')?.message).toBe('A senha deve ter pelo menos 8 caracteres');
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect((await t.client().post('/api/clients/register', buildRegistration({ email }))).status).toBe(201);
    const again = await t.client().post<ErrorResponse>('/api/clients/register', buildRegistration({ email: email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_TAKEN');
    expect(fieldOf(again.body, 'email')).toBeDefined();
  });

  it('accepts the referral code a teacher link carried, and refuses a malformed one without creating the account', async () => {
    expect((await t.client().post('/api/clients/register', buildRegistration({ referralCode: ' prof123 ' }))).status).toBe(201);
    const email = uniqueEmail('badref');
    const bad = await t.client().post<ErrorResponse>('/api/clients/register', buildRegistration({ email, referralCode: 'PROF-1' }));
    expect(bad.status).toBe(400);
    expect(fieldOf(bad.body, 'referralCode')?.message).toBe('Código deve conter apenas letras e números (3-15 caracteres)');
    expect(await findUserByEmail(t.database.sql, email)).toBeUndefined();
  });

  it('never lets the body choose a role', async () => {
    const email = uniqueEmail('sneaky');
    const response = await t.client().post<ErrorResponse>('/api/clients/register', buildRegistration({ email, role: 'admin' } as never));
    expect(response.status).toBe(400);
    expect(fieldOf(response.body, 'role')?.code).toBe('validation.unknownField');
    expect(await findUserByEmail(t.database.sql, email)).toBeUndefined();
  });
});

describe('POST /api/clients/login', () => {
  it('signs in with the right password and answers { client }', async () => {
    const { user, password } = await createUser(t.deps, { name: 'Joana Lima' });
    const c = t.client();
    const response = await c.post<ClientResponse>('/api/clients/login', { email: user.email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(response.body.client).toMatchObject({ id: user.id, name: 'Joana Lima' });
    expect((await c.get('/api/clients/me')).status).toBe(200);
  });

  it('answers 401 "Email ou senha inválidos" for a wrong password or an unknown email', async () => {
    const { user } = await createUser(t.deps);
    const wrong = await t.client().post<ErrorResponse>('/api/clients/login', { email: user.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Email ou senha inválidos', code: 'INVALID_CREDENTIALS' });
    const unknown = await t.client({ locale: 'es-AR' }).post<ErrorResponse>('/api/clients/login', { email: uniqueEmail(), password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('Email o contraseña inválidos');
  });

  it.each([
    ['email', { email: 'nope', password: 'secret1' }, 'validation.emailInvalid'],
    ['password', { email: 'a@example.com', password: '12345' }, 'validation.passwordMinLogin'],
    ['password', { email: 'a@example.com' }, 'validation.required'],
  ])('validates %s (SPEC §5 login)', async (field, body, key) => {
    const response = await t.client().post<ErrorResponse>('/api/clients/login', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(fieldOf(response.body, field)?.code).toBe(key);
  });

  it('issues a new session token at each login (no fixation)', async () => {
    const { user, password } = await createUser(t.deps);
    const c = t.client();
    await c.post('/api/clients/login', { email: user.email, password });
    const first = c.cookies.get('session');
    await c.post('/api/clients/login', { email: user.email, password });
    const second = c.cookies.get('session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = t.client();
    stale.cookies.set('session', first ?? '');
    expect((await stale.get('/api/clients/me')).status).toBe(401);
  });
});

describe('POST /api/clients/logout', () => {
  it('deletes the session: the old cookie no longer works', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const token = c.cookies.get('session');
    const response = await c.post('/api/clients/logout');
    expect(response.status).toBe(200);
    expect(c.cookies.has('session')).toBe(false);
    const replay = t.client();
    replay.cookies.set('session', token ?? '');
    const me = await replay.get<ErrorResponse>('/api/clients/me');
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/clients/me', () => {
  it('answers 401 without a session and with a forged token', async () => {
    expect((await t.client().get('/api/clients/me')).status).toBe(401);
    const forged = t.client();
    forged.cookies.set('session', 'A'.repeat(43));
    expect((await forged.get('/api/clients/me')).status).toBe(401);
  });
});

/** The PWA's first question: answered 200 either way, so a signed-out load logs no console error (issue 17). */
describe('GET /api/clients/session', () => {
  it('answers { client: null } without a session and with a forged one', async () => {
    const anonymous = await t.client().get<{ client: unknown }>('/api/clients/session');
    expect(anonymous).toMatchObject({ status: 200, body: { client: null } });
    const forged = t.client();
    forged.cookies.set('session', 'A'.repeat(43));
    expect(await forged.get<{ client: unknown }>('/api/clients/session')).toMatchObject({ status: 200, body: { client: null } });
  });

  it('answers the signed-in client as GET /me does', async () => {
    const c = t.client();
    await c.post('/api/clients/register', buildRegistration({ name: 'Sofia Sessão' }));
    const session = await c.get<ClientResponse>('/api/clients/session');
    expect(session.status).toBe(200);
    expect(session.body).toEqual((await c.get<ClientResponse>('/api/clients/me')).body);
    expect(session.body.client).toMatchObject({ name: 'Sofia Sessão' });
  });
});

describe('PUT /api/clients/profile', () => {
  it('updates the given fields and answers the new client', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.put<ClientResponse>('/api/clients/profile', {
      name: 'Maria S. Souza', phone: '', height: 166, currentWeight: 80.2, activityLevel: 'moderado', goalType: 'manter_peso', countryCode: 'AR', preferredLanguage: 'es-AR',
    });
    expect(response.status).toBe(200);
    expect(response.body.client).toMatchObject({
      name: 'Maria S. Souza', height: 166, currentWeight: 80.2, activityLevel: 'moderate', goalType: 'maintainWeight', countryCode: 'AR', preferredLanguage: 'es-AR', targetWeight: 70,
    });
  });

  it('clears the phone with null, and leaves it alone with an empty string', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    expect((await c.put<ClientResponse>('/api/clients/profile', { phone: '+55 11 91234-5678' })).body.client.phone).toBe('+55 11 91234-5678');
    expect((await c.put<ClientResponse>('/api/clients/profile', { phone: '' })).body.client.phone).toBe('+55 11 91234-5678');
    expect((await c.put<ClientResponse>('/api/clients/profile', { phone: null })).body.client.phone).toBeNull();
  });

  // SPEC §5 profile form: bounds are inclusive (100 to 250, 30 to 300).
  it.each([
    ['name', 'M', 'validation.nameMin'],
    ['email', 'bad@', 'validation.emailInvalid'],
    ['height', 99.9, 'validation.heightMin'],
    ['height', 250.1, 'validation.heightMax'],
    ['currentWeight', 29.9, 'validation.weightMin'],
    ['currentWeight', 300.1, 'validation.weightMax'],
    ['targetWeight', 29.9, 'validation.targetMin'],
    ['targetWeight', 300.1, 'validation.targetMax'],
    ['activityLevel', 'lazy', 'validation.invalidOption'],
    ['countryCode', 'PT', 'validation.invalidOption'],
    ['preferredLanguage', 'fr-FR', 'validation.invalidOption'],
  ])('rejects %s = %j with %s and keeps the profile', async (field, value, key) => {
    const c = t.client();
    const user = await signIn(c, t.deps);
    const response = await c.put<ErrorResponse>('/api/clients/profile', { [field]: value });
    expect(response.status).toBe(400);
    expect(fieldOf(response.body, field)?.code).toBe(key);
    const after = await findUserById(t.database.sql, user.id);
    expect(after).toEqual(user);
  });

  it('accepts the inclusive bounds', async () => {
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.put('/api/clients/profile', { height: 100, currentWeight: 300, targetWeight: 30 });
    expect(response.status).toBe(200);
  });

  it('does not let a client change its own role', async () => {
    const c = t.client();
    const user = await signIn(c, t.deps);
    const response = await c.put<ErrorResponse>('/api/clients/profile', { name: 'Hacker', role: 'admin' });
    expect(response.status).toBe(400);
    expect(fieldOf(response.body, 'role')?.code).toBe('validation.unknownField');
    const after = await findUserById(t.database.sql, user.id);
    expect(after?.role).toBe('user');
    expect(after?.name).toBe(user.name);
  });

  it('answers 409 when the new email belongs to someone else', async () => {
    const { user: other } = await createUser(t.deps);
    const c = t.client();
    await signIn(c, t.deps);
    const response = await c.put<ErrorResponse>('/api/clients/profile', { email: other.email });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('EMAIL_TAKEN');
  });

  it('requires a session', async () => {
    expect((await t.client().put('/api/clients/profile', { name: 'Nobody' })).status).toBe(401);
  });
});

describe('request hygiene', () => {
  it('refuses a state-changing request from another origin', async () => {
    const { user, password } = await createUser(t.deps);
    const evil = await t.client().post<ErrorResponse>('/api/clients/login', { email: user.email, password }, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.code).toBe('CROSS_ORIGIN');
    expect(evil.headers.getSetCookie()).toHaveLength(0);
    const fetchMeta = await t.client().post<ErrorResponse>('/api/clients/logout', undefined, { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.status).toBe(403);
  });

  it('answers malformed JSON, non-objects and wrong content types with a 4xx', async () => {
    const c = t.client();
    const broken = await c.post<ErrorResponse>('/api/clients/login', '{"email": ');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('INVALID_JSON');
    expect((await c.post<ErrorResponse>('/api/clients/login', '[1,2]')).body.code).toBe('INVALID_JSON');
    expect((await c.post<ErrorResponse>('/api/clients/login', 'null')).body.code).toBe('INVALID_JSON');
    const form = await c.post<ErrorResponse>('/api/clients/login', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const wrongTypes = await c.post<ErrorResponse>('/api/clients/register', { ...buildRegistration(), name: { $gt: '' }, height: [1] });
    expect(wrongTypes.status).toBe(400);
    expect(fieldOf(wrongTypes.body, 'height')?.code).toBe('validation.number');
    expect(fieldOf(wrongTypes.body, 'name')?.code).toBe('validation.invalidType');
    const objectEmail = await c.post<ErrorResponse>('/api/clients/login', { email: { $ne: null }, password: ['x'] });
    expect(objectEmail.status).toBe(400);
    expect(fieldOf(objectEmail.body, 'email')?.code).toBe('validation.invalidType');
  });

  it('answers an oversized body with 413', async () => {
    const response = await t.client().post<ErrorResponse>('/api/clients/register', { ...buildRegistration(), motivation: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.client().get<ErrorResponse>('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});
