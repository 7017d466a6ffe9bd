import { useLiveQuery } from 'dexie-react-hooks';
import { useCurrentDb } from './current.ts';

/** The changes the server refused, oldest first, as this user's database holds them until dismissed. */
export function useRefusals() {
  const db = useCurrentDb();
  return useLiveQuery(() => db?.refusals.orderBy('refusedAt').toArray() ?? [], [db]) ?? [];
}
