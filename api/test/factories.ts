import { registerClientSchema, type RegisterClientInput } from '#protocol/schemas/clients.ts';
import type { Role } from '#protocol/domain/client-enums.ts';
import type { ClientProfile } from '../src/ai/builtin/profile.ts';
import { registerClient } from '../src/services/clients.ts';
import type { AppDeps } from '../src/deps.ts';
import type { TestApp, TestClient } from './harness.ts';
import { createClock, type Clock } from '#protocol/clock/hlc.ts';
import { localDateIn } from '#protocol/domain/daily-progress.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { Envelope, MutationArgs, MutationName } from '#protocol/mutations/index.ts';
import type { CheckInSubmitArgs } from '#protocol/mutations/checkin-submit.ts';
import type { PullResult, PushResult } from '#protocol/contract/sync.ts';

let sequence = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++sequence}@example.com`;

/** A valid registration body (SPEC §5); override any field. */
export function buildRegistration(overrides: Partial<Record<keyof RegisterClientInput, unknown>> = {}): Record<string, unknown> {
  return {
    name: 'Maria Souza',
    email: uniqueEmail(),
    password: 'senha-forte-1',
    height: 165,
    currentWeight: 82.5,
    targetWeight: 70,
    weeklyWeightGoal: 0.5,
    birthDate: '1992-03-10',
    gender: 'feminino',
    activityLevel: 'sedentario',
    goalType: 'perder_peso',
    timeFrame: 'sixMonths',
    countryCode: 'BR',
    // Most journeys record health data; a test of its refusal overrides this (issue 22, part 4).
    healthDataConsent: true,
    ...overrides,
  };
}

/** Inserts an account directly through the service, with any role and, for a client, its teacher. */
export async function createUser(deps: AppDeps, overrides: Partial<Record<keyof RegisterClientInput, unknown>> & { role?: Role; teacherId?: string } = {}) {
  const { role = 'user', teacherId, ...fields } = overrides;
  const input = registerClientSchema.validateSync(buildRegistration(fields));
  const user = await registerClient(deps.database.sql, input, deps.now(), role);
  if (teacherId) await deps.database.sql.run('UPDATE users SET teacher_id = ? WHERE id = ?', [teacherId, user.id]);
  return { user: { ...user, teacherId: teacherId ?? null }, password: input.password };
}

/** A valid /professor-cadastro body (SPEC §2; 529.982.247-25 has valid check digits); override any field. */
export function buildTeacherRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Paula Personal',
    email: uniqueEmail('teacher'),
    phone: '+55 11 95555-4444',
    cpf: '529.982.247-25',
    password: 'senha-forte-1',
    confirmPassword: 'senha-forte-1',
    expertise: 'Emagrecimento',
    bio: 'Personal trainer há 10 anos.',
    ...overrides,
  };
}

/** A complete diet form (SPEC §5); override any field. */
export function buildDietInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Plano alimentar de teste',
    description: 'Déficit moderado',
    dailyCalories: 1800,
    macros: { protein: 120, carbs: 180, fat: 60 },
    meals: 'Café da manhã (07:00 - 400 kcal)\nAlimentos: Ovos, Pão integral\nPreparo: Ovos mexidos',
    substitutions: ['Arroz ↔ Batata-doce'],
    ...overrides,
  };
}

/** A complete workout form (SPEC §5); override any field. */
export function buildWorkoutInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Treino de teste',
    duration: '8 semanas',
    frequency: '3x por semana',
    weeklySchedule: [{ day: 'Segunda-feira', workout: { name: 'A', exercises: [{ name: 'Agachamento', sets: '3', reps: '12' }] } }],
    ...overrides,
  };
}

/** Creates an account and signs the client in as it. */
export async function signIn(client: TestClient, deps: AppDeps, overrides: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(deps, overrides);
  const response = await client.post('/api/clients/login', { email: user.email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return user;
}

/** A signed-in browser of a new account (any role, teacher, fields): its client and the user. */
export async function signedIn(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}): Promise<{ c: TestClient; user: Awaited<ReturnType<typeof signIn>> }> {
  const c = t.client();
  return { c, user: await signIn(c, t.deps, overrides) };
}

type SignedIn = Awaited<ReturnType<typeof signedIn>>;
/** The people of the coach's tests (`aCoachingTeam`). */
export interface CoachingTeam {
  teacher: SignedIn;
  /** Another teacher. */
  other: SignedIn;
  /** The teacher's student. */
  ana: SignedIn;
  /** The other teacher's student. */
  olga: SignedIn;
  /** A client with no teacher. */
  livre: SignedIn;
  admin: SignedIn;
}

/**
 * The people of the coach's tests, each signed in: a teacher (Tiago) and their student Ana, another
 * teacher (Otto) and his student Olga, Úrsula with no teacher, and an admin; with `bia`, a second
 * student of Tiago's. Only who a test needs: each sign-in hashes a password (~60 ms).
 */
export async function aCoachingTeam(t: TestApp): Promise<CoachingTeam>;
export async function aCoachingTeam(t: TestApp, options: { bia: true }): Promise<CoachingTeam & { bia: SignedIn }>;
export async function aCoachingTeam(t: TestApp, { bia = false } = {}): Promise<CoachingTeam & { bia?: SignedIn }> {
  const teacher = await signedIn(t, { role: 'teacher', name: 'Tiago Professor' });
  const other = await signedIn(t, { role: 'teacher', name: 'Otto Professor' });
  const ana = await signedIn(t, { name: 'Ana Aluna', teacherId: teacher.user.id });
  const second = bia ? { bia: await signedIn(t, { name: 'Bia Aluna', teacherId: teacher.user.id }) } : {};
  const olga = await signedIn(t, { name: 'Olga Aluna', teacherId: other.user.id });
  const livre = await signedIn(t, { name: 'Úrsula Livre' });
  const admin = await signedIn(t, { role: 'admin', name: 'Ana Admin' });
  return { teacher, other, ana, ...second, olga, livre, admin };
}

/**
 * A simulated device of one user: numbers its mutations, stamps them with its own HLC clock and
 * records the local date and time zone, as the PWA's outbox does.
 */
export class TestDevice {
  private seq = 0;
  readonly clock: Clock;

  constructor(
    readonly deviceId: string = `dev_${uuidv7().replace(/-/g, '').slice(-16)}`,
    private readonly wall: () => number = Date.now,
    readonly timeZone = 'America/Sao_Paulo',
  ) {
    this.clock = createClock(deviceId, wall);
  }

  mutation<N extends MutationName>(name: N, args: MutationArgs[N], overrides: Partial<Envelope<N>> = {}): Envelope<N> {
    this.seq += 1;
    return {
      deviceId: this.deviceId,
      seq: this.seq,
      id: uuidv7(),
      name,
      version: 1,
      args,
      hlc: this.clock.now(),
      localDate: localDateIn(this.timeZone, new Date(this.wall())),
      timeZone: this.timeZone,
      ...overrides,
    };
  }

  addWeight(weight: number, overrides: Partial<MutationArgs['weight.add']> = {}) {
    return this.mutation('weight.add', { id: uuidv7(), weight, notes: null, createdAt: new Date(this.wall()).toISOString(), ...overrides });
  }
}

/** A client as the built-in generator reads it: a 34-year-old woman, 165 cm, 78 kg, moderately active, losing 0.5 kg a week. */
export function buildClientProfile(overrides: Partial<ClientProfile> = {}): ClientProfile {
  return {
    id: 'client-ana',
    name: 'Ana',
    birthDate: '1990-05-10',
    gender: 'female',
    height: 165,
    currentWeight: 78,
    targetWeight: 65,
    activityLevel: 'moderate',
    goalType: 'loseWeight',
    weeklyWeightGoal: 0.5,
    dietaryRestrictions: [],
    medicalConditions: [],
    ...overrides,
  };
}

/** A device's push, as the PWA's outbox sends it. */
export const pushFrom = (c: TestClient, device: TestDevice, mutations: unknown[]) => c.post<PushResult>('/api/sync/push', { deviceId: device.deviceId, mutations });

/** A pull's answer from `cursor` (0: everything). */
export const pullFrom = async (c: TestClient, cursor = 0) => (await c.get<PullResult>(`/api/sync/pull?cursor=${cursor}`)).body;

/** Each pushed mutation's outcome: `applied`, `duplicate`, or the refusal's code. */
export const outcomesOf = (result: PushResult) => result.results.map((r) => (r.status === 'rejected' ? r.code : r.status));

/**
 * A weekly check-in as the form sends it (issue 22, part 2): the week that began Monday
 * 23 November 2026, filled on Saturday the 28th; middling scores. Override any field.
 */
export function aCheckIn(overrides: Partial<CheckInSubmitArgs> = {}): CheckInSubmitArgs {
  return {
    id: uuidv7(),
    week: '2026-11-23',
    createdAt: '2026-11-28T15:00:00.000Z',
    weight: 80,
    dietAdherence: 3,
    workoutAdherence: 3,
    hunger: 3,
    sleep: 3,
    stress: 3,
    energy: 3,
    ...overrides,
  };
}

/** `length` bytes that a sniffer reads as WebP (RIFF….WEBP), as a device's encoder would start them. */
export function webpBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
  for (let i = 12; i < length; i++) bytes[i] = i % 251;
  return bytes;
}

/** A coach's answer with a photo as their page sends it (issue 22): a new message id, a caption, a WebP and its thumbnail. Override any field. */
export function coachPhotoForm(overrides: Record<string, string | Blob> = {}): FormData {
  const fields: Record<string, string | Blob> = {
    id: uuidv7(),
    body: 'Olha a postura certa',
    contentType: 'image/webp',
    width: '1200',
    height: '900',
    image: new Blob([webpBytes(4000) as Uint8Array<ArrayBuffer>], { type: 'image/webp' }),
    thumbnail: new Blob([webpBytes(500) as Uint8Array<ArrayBuffer>], { type: 'image/webp' }),
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/**
 * A progress photo of `userId` as its device records it (`photo.add`'s row), with both files
 * uploaded unless `stored` is false. Written to storage whoever owns it and whatever their consent,
 * so only the route under test decides (a device's push would be refused without the consent).
 */
export async function storePhoto(t: TestApp, userId: string, { stored = true, bytes = 4000, thumbnailBytes = 500 } = {}) {
  const id = uuidv7();
  const args = { id, createdAt: new Date(t.deps.now()).toISOString(), pose: 'front' as const, contentType: 'image/webp' as const, bytes, thumbnailBytes, width: 1200, height: 1600 };
  const write = await t.deps.groupCommit.run(() => t.deps.mutations.storageFor(userId).progressPhotos.insert({ ...args, kind: 'progress', stored: false, deleted: false }));
  if (write !== 'inserted') throw new Error(`storePhoto: ${write}`);
  if (stored) {
    await t.deps.photoFiles.append(userId, id, 'image', 0, webpBytes(bytes), bytes, 'image/webp');
    await t.deps.photoFiles.append(userId, id, 'thumbnail', 0, webpBytes(thumbnailBytes), thumbnailBytes, 'image/webp');
    await t.deps.progressPhotos.markStored(userId, id);
  }
  return args;
}
