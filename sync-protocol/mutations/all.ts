/** Every mutator this build knows, for the server, which parses and applies them all (./index.ts). */
import { CORE_MUTATORS } from './registry.ts';
import { LATER_MUTATORS } from './later-mutators.ts';

export const MUTATORS = [...CORE_MUTATORS, ...LATER_MUTATORS] as const;
