import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '#protocol/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SqlDatabase } from '../db/sql/port.ts';

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
export function createPasswordResets(db: SqlDatabase, now: () => number) {
  const lookup = (id: string) => db.get<ResetRow>('SELECT user_id AS "userId", expires_at AS "expiresAt", used_at AS "usedAt" FROM password_resets WHERE id = ?', [id]);

  const check = (row: ResetRow | undefined): ResetRow => {
    if (!row) throw new DomainError('RESET_LINK_INVALID');
    if (row.usedAt !== null) throw new DomainError('RESET_LINK_USED');
    if (row.expiresAt <= now()) throw new DomainError('RESET_LINK_EXPIRED');
    return row;
  };

  return {
    /** A new link's token for the user; `createdBy` is the admin who will share it, if any. */
    async issue(userId: string, createdBy: string | null = null): Promise<{ token: string; expiresAt: number }> {
      // Rows stay an hour past expiry, so a late click reads "expired" or "used" rather than "invalid".
      await db.run('DELETE FROM password_resets WHERE expires_at <= ?', [now() - RESET_LINK_TTL_MS]);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now() + RESET_LINK_TTL_MS;
      await db.run('INSERT INTO password_resets (id, user_id, created_at, expires_at, created_by) VALUES (?, ?, ?, ?, ?)', [hashToken(token), userId, now(), expiresAt, createdBy]);
      return { token, expiresAt };
    },

    /** Sets the new password and spends the link; the caller ends the user's sessions. Returns the user id. */
    async consume(token: string, newPassword: string): Promise<string> {
      const id = hashToken(token);
      check(await lookup(id));
      const passwordHash = await hashPassword(newPassword);
      // Checked again after the hash's await, and spent by a conditional write: of two tabs racing
      // with one link, one sets its password (on PostgreSQL the other waits for the row, then finds it spent).
      return db.transaction(async () => {
        const row = check(await lookup(id));
        if ((await db.run('UPDATE password_resets SET used_at = ? WHERE id = ? AND used_at IS NULL', [now(), id])).changes === 0) throw new DomainError('RESET_LINK_USED');
        await db.run('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?', [passwordHash, now(), row.userId]);
        // Using one link spends every open link of that user: an older e-mail cannot undo the new password.
        await db.run('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL', [now(), row.userId]);
        return row.userId;
      });
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
