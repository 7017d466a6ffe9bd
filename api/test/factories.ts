import { registerClientSchema, type RegisterClientInput } from '#protocol/schemas/clients.ts';
import type { Role } from '#protocol/domain/client-enums.ts';
import { registerClient } from '../src/services/clients.ts';
import type { AppDeps } from '../src/http/env.ts';
import type { TestClient } from './harness.ts';

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
    ...overrides,
  };
}

/** Inserts an account directly through the service, with any role. */
export async function createUser(deps: AppDeps, overrides: Partial<Record<keyof RegisterClientInput, unknown>> & { role?: Role } = {}) {
  const { role = 'user', ...fields } = overrides;
  const input = registerClientSchema.validateSync(buildRegistration(fields));
  const user = await registerClient(deps.database.db, input, deps.now(), role);
  return { user, password: input.password };
}

/** Creates an account and signs the client in as it. */
export async function signIn(client: TestClient, deps: AppDeps, overrides: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(deps, overrides);
  const response = await client.post('/api/clients/login', { email: user.email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return user;
}
