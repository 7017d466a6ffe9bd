import type Database from 'better-sqlite3';

/**
 * Copies of one registered user, each with its own id and e-mail: a bench's thousands of clients
 * (registering them would time password hashing instead).
 */
export function userCopier(sqlite: Database.Database, templateId: string): (id: string, email: string) => void {
  const columns = sqlite.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('users')").all().map((c) => c.name);
  const copied = columns.map((c) => (c === 'id' || c === 'email' ? '?' : c)).join(', ');
  const insert = sqlite.prepare(`INSERT INTO users (${columns.join(', ')}) SELECT ${copied} FROM users WHERE id = ?`);
  return (id, email) => void insert.run(id, email, templateId);
}
