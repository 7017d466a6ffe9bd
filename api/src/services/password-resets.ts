import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { DomainError } from '#protocol/errors.ts';
import { hashPassword } from '../auth/passwords.ts';

/** A link works for one hour (issue 17). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface ResetRow {
  userId: string;
  expiresAt: number;
  usedAt: number | null;
}

/**
 * Single-use password-reset links (ADR 017): 32 random bytes in the link, only their SHA-256 in
 * the database, as for sessions (ADR 003).
 */
export function createPasswordResets(sqlite: Database.Database, now: () => number) {
  const insert = sqlite.prepare('INSERT INTO password_resets (id, user_id, created_at, expires_at, created_by) VALUES (?, ?, ?, ?, ?)');
  const lookup = sqlite.prepare<[string], ResetRow>('SELECT user_id AS userId, expires_at AS expiresAt, used_at AS usedAt FROM password_resets WHERE id = ?');
  // Using one link spends every open link of that user: an older e-mail cannot undo the new password.
  const spendAll = sqlite.prepare('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL');
  const setPassword = sqlite.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?');
  // Rows stay an hour past expiry, so a late click reads "expired" or "used" rather than "invalid".
  const purge = sqlite.prepare('DELETE FROM password_resets WHERE expires_at <= ?');

  const check = (row: ResetRow | undefined): ResetRow => {
    if (!row) throw new DomainError('RESET_LINK_INVALID');
    if (row.usedAt !== null) throw new DomainError('RESET_LINK_USED');
    if (row.expiresAt <= now()) throw new DomainError('RESET_LINK_EXPIRED');
    return row;
  };

  return {
    /** A new link's token for the user; `createdBy` is the admin who will share it, if any. */
    issue(userId: string, createdBy: string | null = null): { token: string; expiresAt: number } {
      purge.run(now() - RESET_LINK_TTL_MS);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now() + RESET_LINK_TTL_MS;
      insert.run(hashToken(token), userId, now(), expiresAt, createdBy);
      return { token, expiresAt };
    },

    /** Sets the new password and spends the link; the caller ends the user's sessions. Returns the user id. */
    async consume(token: string, newPassword: string): Promise<string> {
      const id = hashToken(token);
      check(lookup.get(id));
      const passwordHash = await hashPassword(newPassword);
      // Checked again after the hash's await: two tabs racing with one link set one password.
      return sqlite.transaction(() => {
        const row = check(lookup.get(id));
        setPassword.run(passwordHash, now(), row.userId);
        spendAll.run(now(), row.userId);
        return row.userId;
      })();
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
