import { count, eq } from 'drizzle-orm';
import type { RegisterClientInput } from '#protocol/schemas/clients.ts';
import type { Role } from '#protocol/domain/client-enums.ts';
import { registerClient } from '../services/clients.ts';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';

export const DEMO_PASSWORD = 'demo12345';

const base = { password: DEMO_PASSWORD, height: 170, currentWeight: 80, targetWeight: 72, weeklyWeightGoal: 0.5 };

/** The demo accounts of the README. Later issues extend this seed rather than adding another. */
export const DEMO_ACCOUNTS: { role: Role; input: RegisterClientInput }[] = [
  { role: 'admin', input: { ...base, name: 'Ana Admin', email: 'admin@example.com', countryCode: 'BR' } },
  { role: 'teacher', input: { ...base, name: 'Tiago Professor', email: 'teacher@example.com', phone: '+55 11 98888-7777', countryCode: 'BR' } },
  {
    role: 'user',
    input: {
      name: 'Carla Cliente',
      email: 'client@example.com',
      password: DEMO_PASSWORD,
      phone: '+55 11 97777-6666',
      birthDate: '1990-05-14',
      gender: 'female',
      height: 165,
      currentWeight: 78.4,
      targetWeight: 65,
      activityLevel: 'light',
      goalType: 'loseWeight',
      weeklyWeightGoal: 0.5,
      timeFrame: 'sixMonths',
      motivation: 'Quero ter mais disposição para brincar com meus filhos.',
      previousAttempts: 'Dieta da sopa em 2022, sem acompanhamento.',
      highestWeight: 82,
      lowestWeight: 60,
      dietaryRestrictions: ['lactoseFree'],
      medicalConditions: ['hypothyroidism'],
      countryCode: 'BR',
      preferredLanguage: 'pt-BR',
    },
  },
  { role: 'user', input: { ...base, name: 'Nina Nova', email: 'new@example.com', height: 168, currentWeight: 91, targetWeight: 76 } },
];

/** Seeds the demo accounts into an empty database; returns whether it did. */
export async function seedDemoData(db: Db, now: number): Promise<boolean> {
  const existing = db.select({ n: count() }).from(users).get()?.n ?? 0;
  if (existing > 0) return false;
  for (const { role, input } of DEMO_ACCOUNTS) await registerClient(db, input, now, role);
  return true;
}

/**
 * The first admin of a production install comes from ADMIN_EMAIL + ADMIN_PASSWORD: created when
 * missing, promoted when the account exists; an existing password is never overwritten.
 */
export async function ensureAdmin(db: Db, email: string, password: string, now: number): Promise<'created' | 'promoted' | 'unchanged'> {
  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (!user) {
    await registerClient(db, { ...base, name: 'Admin', email, password }, now, 'admin');
    return 'created';
  }
  if (user.role === 'admin') return 'unchanged';
  db.update(users).set({ role: 'admin', updatedAt: now }).where(eq(users.id, user.id)).run();
  return 'promoted';
}
