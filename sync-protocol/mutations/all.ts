/** Every mutator this build knows, for the server, which parses and applies them all (./index.ts). */
import { CORE_MUTATORS } from './registry.ts';
import { WORKOUT_MUTATORS } from './workout-mutators.ts';

export const MUTATORS = [...CORE_MUTATORS, ...WORKOUT_MUTATORS] as const;
