import type { RegisterClientInput } from '#protocol/schemas/clients.ts';
import type { Role } from '#protocol/domain/client-enums.ts';
import { registerClient } from '../services/clients.ts';
import type { SqlDatabase } from './sql/port.ts';
import type { AppDeps } from '../deps.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { weightAdd } from '#protocol/mutations/weight-add.ts';

export const DEMO_PASSWORD = 'demo12345';

const base = { password: DEMO_PASSWORD, height: 170, currentWeight: 80, targetWeight: 72, weeklyWeightGoal: 0.5 };

/** The README's "a client who just registered": registered at seed time, so the app counts day 1. */
const JUST_REGISTERED = 'new@example.com';

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
      currentWeight: 82, // at registration, 8 weeks ago: the first weigh-in; the latest record says 78.4
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
      healthDataConsent: true,
      countryCode: 'BR',
      preferredLanguage: 'pt-BR',
    },
  },
  { role: 'user', input: { ...base, name: 'Nina Nova', email: JUST_REGISTERED, height: 168, currentWeight: 91, targetWeight: 76, healthDataConsent: true } },
  {
    role: 'user',
    input: {
      ...base,
      name: 'Sofia Aluna',
      email: 'student@example.com',
      phone: '+55 21 96666-5555',
      birthDate: '1985-11-02',
      gender: 'female',
      height: 160,
      currentWeight: 74,
      targetWeight: 63,
      activityLevel: 'sedentary',
      goalType: 'loseWeight',
      dietaryRestrictions: ['vegetarian'],
      medicalConditions: ['hypertension'],
      healthDataConsent: true,
      countryCode: 'BR',
    },
  },
];

/** The teacher's students: Carla has her content already; Sofia paid and waits for hers. */
const DEMO_STUDENTS = ['client@example.com', 'student@example.com'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §3 text format: blank-line blocks, 'Name (time - N kcal)', 'Alimentos:', 'Preparo:'. */
export const DEMO_DIET_MEALS = `Café da manhã (07:00 - 380 kcal)
Alimentos: 2 fatias de pão integral, 2 ovos mexidos, 1 mamão papaia pequeno, café sem açúcar
Preparo: Mexa os ovos em frigideira antiaderente com um fio de azeite.

Lanche da manhã (10:00 - 150 kcal)
Alimentos: 1 iogurte sem lactose, 1 colher de sopa de aveia
Preparo: Misture a aveia ao iogurte.

Almoço (12:30 - 520 kcal)
Alimentos: 120g de frango grelhado, 4 colheres de arroz integral, 1 concha de feijão, salada verde à vontade
Preparo: Grelhe o frango temperado com limão e ervas.

Lanche da tarde (16:00 - 180 kcal)
Alimentos: 1 banana, 1 colher de sopa de pasta de amendoim

Jantar (19:30 - 420 kcal)
Alimentos: 150g de tilápia assada, legumes no vapor, 1 batata-doce média
Preparo: Asse a tilápia a 200 °C por 20 minutos.`;

export const DEMO_WORKOUT_SCHEDULE = JSON.stringify([
  { day: 'Segunda-feira', workout: { name: 'Treino A — membros inferiores', duration: '50 min', type: 'força', exercises: [
    { name: 'Agachamento livre', sets: 4, reps: 12, rest: '60s', notes: 'Desça até 90 graus' },
    { name: 'Leg press', sets: 3, reps: 15, rest: '60s' },
    { name: 'Cadeira extensora', sets: 3, reps: 12, rest: '45s' },
  ] } },
  { day: 'Quarta-feira', workout: { name: 'Treino B — membros superiores', duration: '45 min', type: 'força', exercises: [
    { name: 'Supino com halteres', sets: 3, reps: 12, rest: '60s' },
    { name: 'Remada baixa', sets: 3, reps: 12, rest: '60s' },
    { name: 'Desenvolvimento de ombros', sets: 3, reps: 10, rest: '60s' },
  ] } },
  { day: 'Sexta-feira', workout: { name: 'Treino C — cardio e core', duration: '40 min', type: 'cardio', exercises: [
    { name: 'Esteira inclinada', sets: 1, reps: '20 min', rest: '-', notes: 'Ritmo moderado' },
    { name: 'Prancha', sets: 3, reps: '40s', rest: '30s', safety: 'Mantenha o abdômen contraído' },
  ] } },
]);

/** Eight weeks of weigh-ins, three a week, from the registration weight of 82 kg down to 78.4 kg. */
function demoWeightHistory(now: number): { weight: number; createdAt: number }[] {
  const start = now - 8 * 7 * DAY_MS;
  return Array.from({ length: 24 }, (_, i) => ({
    weight: Math.round((82 - (3.6 * i) / 23 + (i % 3 === 1 ? 0.3 : 0)) * 10) / 10,
    createdAt: start + Math.round((i * 8 * 7 * DAY_MS) / 24) + 7 * 60 * 60 * 1000,
  }));
}

/**
 * Seeds the demo accounts and the demo client's content into an empty database; returns how many
 * accounts it created (0 when the database already had some).
 */
export async function seedDemoData(deps: AppDeps): Promise<number> {
  const db = deps.database.sql;
  const { n: existing } = (await db.get<{ n: number }>('SELECT count(*) AS n FROM users')) as { n: number };
  if (existing > 0) return 0;
  const now = deps.now();
  const created = new Map<string, string>();
  for (const { role, input } of DEMO_ACCOUNTS) {
    const registeredAt = input.email === JUST_REGISTERED ? now : now - 60 * DAY_MS;
    created.set(input.email, (await registerClient(db, input, registeredAt, role)).id);
  }
  const clientId = created.get('client@example.com') as string;
  const teacherId = created.get('teacher@example.com') as string;

  const plans = await db.transaction(async () => {
    for (const { weight, createdAt } of demoWeightHistory(now)) {
      await deps.mutations.run(clientId, weightAdd, { id: uuidv7(createdAt), weight, notes: null, createdAt: new Date(createdAt).toISOString() });
    }
    const published = now - 5 * DAY_MS;
    const dietId = await deps.plans.addDiet(clientId, {
      title: 'Plano alimentar — emagrecimento saudável',
      description: 'Déficit moderado, sem lactose, rico em fibras.',
      objective: 'Perder 0,5 kg por semana',
      status: 'published',
      dailyCalories: 1650,
      macros: JSON.stringify({ proteinas: 110, carboidratos: 170, gorduras: 55 }),
      meals: DEMO_DIET_MEALS,
      weeklyMenu: null,
      tips: 'Beba 2 litros de água por dia.\nPrefira alimentos integrais.',
      substitutions: 'Frango ↔ peixe ou ovos\nArroz integral ↔ quinoa ou batata-doce',
    }, published);
    const workoutId = await deps.plans.addWorkout(clientId, {
      title: 'Treino para iniciantes — 3x por semana',
      description: 'Força e cardio em dias alternados.',
      status: 'published',
      duration: '8 semanas',
      frequency: '3x por semana',
      weeklySchedule: DEMO_WORKOUT_SCHEDULE,
      progressionTips: 'Aumente a carga quando completar todas as séries com boa técnica.',
      safetyNotes: 'Aqueça 5 minutos antes de começar. Pare se sentir dor.',
    }, published);
    // A paid quarterly plan from today for the teacher's students; new@example.com has none.
    for (const email of DEMO_STUDENTS) {
      const studentId = created.get(email) as string;
      await db.run('UPDATE users SET teacher_id = ? WHERE id = ?', [teacherId, studentId]);
      await deps.subscriptions.activate(studentId, 'quarterly', 'pt-BR', 'admin', null);
    }
    // The teacher has asked for those two commissions: the admin panel's payouts section has one to move.
    await deps.commissions.requestPayout(teacherId, 'BRL');
    await deps.notifications.add(clientId, { id: uuidv7(published), type: 'diet_published', title: 'Nova dieta disponível', message: 'Sua nutricionista publicou seu plano alimentar.', createdAt: published });
    await deps.notifications.add(clientId, { id: uuidv7(published + 1), type: 'workout_published', title: 'Novo treino disponível', message: 'Seu personal trainer publicou seu treino.', createdAt: published + 1 });
    return { dietId, workoutId };
  });
  // Published plans are read in every language (ADR 024), as publishing from the admin panel does.
  await deps.authoring.diets.translate(plans.dietId, clientId);
  await deps.authoring.workouts.translate(plans.workoutId, clientId);
  return created.size;
}

/**
 * The first admin of a production install comes from ADMIN_EMAIL + ADMIN_PASSWORD: created when
 * missing, promoted when the account exists; an existing password is never overwritten.
 */
export async function ensureAdmin(db: SqlDatabase, email: string, password: string, now: number): Promise<'created' | 'promoted' | 'unchanged'> {
  const user = await db.get<{ id: string; role: Role }>('SELECT id, role FROM users WHERE email = ?', [email]);
  if (!user) {
    await registerClient(db, { ...base, name: 'Admin', email, password }, now, 'admin');
    return 'created';
  }
  if (user.role === 'admin') return 'unchanged';
  await db.run("UPDATE users SET role = 'admin', updated_at = ? WHERE id = ?", [now, user.id]);
  return 'promoted';
}
