import Dexie, { type Table } from 'dexie';

/**
 * Whose outbox the service worker drains when Background Sync wakes it: it cannot read
 * localStorage. Holds only the user id, cleared at logout.
 */
class SwRegistry extends Dexie {
  declare current: Table<{ key: 'user'; userId: string }, 'user'>;
  constructor() {
    super('leve-registry');
    this.version(1).stores({ current: 'key' });
  }
}

let registry: SwRegistry | null = null;
const open = () => (registry ??= new SwRegistry());

export const currentUserId = async () => (await open().current.get('user'))?.userId ?? null;
export const setCurrentUserId = (userId: string) => open().current.put({ key: 'user', userId });
export const clearCurrentUserId = () => open().current.delete('user');
