import { create } from 'zustand';
import type { UserDb } from './user-db.ts';

/** The signed-in user's database, once the data layer is active; screens read through it. */
export const useUserDb = create<{ db: UserDb | null }>(() => ({ db: null }));
