import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '#protocol/domain/client-enums.ts';
import type { SqlDatabase } from '../db/sql/port.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used after half its life is extended, so active users stay signed in. */
const RENEW_AFTER_MS = SESSION_TTL_MS / 2;

export interface SessionUser {
  id: string;
  role: Role;
  email: string;
  /** Read with the session: a REST write files a habit or a weigh-in in this country's day without reading the user again. */
  countryCode: string;
}

export interface ActiveSession {
  id: string;
  expiresAt: number;
  user: SessionUser;
  /** Set when this request extended the session: the cookie must be sent again. */
  renewed: boolean;
}

export interface SessionSummaryRow {
  id: string;
  createdAt: number;
  expiresAt: number;
  userAgent: string | null;
}

/** Session ids are SHA-256 hex digests of their tokens. */
export const isSessionId = (value: string) => /^[0-9a-f]{64}$/.test(value);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions: a random 256-bit token in the cookie, only its SHA-256 in the database (ADR 003).
 * The lookup runs on every authenticated request: one statement, the session and its user.
 */
export function createSessionStore(db: SqlDatabase, now: () => number = Date.now) {
  const remove = (id: string) => db.run('DELETE FROM sessions WHERE id = ?', [id]);

  return {
    /** Starts a new session (a fresh token at every login: no fixation) and returns the cookie token. */
    async create(userId: string, userAgent: string | undefined): Promise<{ token: string; expiresAt: number }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now() + SESSION_TTL_MS;
      await db.run('INSERT INTO sessions (id, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?)', [hashToken(token), userId, now(), expiresAt, userAgent?.slice(0, 300) ?? null]);
      return { token, expiresAt };
    },

    async find(token: string): Promise<ActiveSession | null> {
      if (token.length < 20 || token.length > 100) return null;
      const id = hashToken(token);
      const row = await db.get<{ expiresAt: number; userId: string; role: Role; email: string; countryCode: string }>(
        'SELECT s.expires_at AS "expiresAt", u.id AS "userId", u.role, u.email, u.country_code AS "countryCode" FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?',
        [id],
      );
      if (!row) return null;
      const current = now();
      if (row.expiresAt <= current) {
        await remove(id);
        return null;
      }
      let expiresAt = row.expiresAt;
      const renewed = expiresAt - current < SESSION_TTL_MS - RENEW_AFTER_MS;
      if (renewed) {
        expiresAt = current + SESSION_TTL_MS;
        await db.run('UPDATE sessions SET expires_at = ? WHERE id = ?', [expiresAt, id]);
      }
      return { id, expiresAt, renewed, user: { id: row.userId, role: row.role, email: row.email, countryCode: row.countryCode } };
    },

    async delete(token: string): Promise<void> {
      await remove(hashToken(token));
    },

    /** The user's live sessions, newest first; `id` is the stored hash, never the token. */
    listFor(userId: string): Promise<SessionSummaryRow[]> {
      return db.all<SessionSummaryRow>(
        'SELECT id, created_at AS "createdAt", expires_at AS "expiresAt", user_agent AS "userAgent" FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC, id',
        [userId, now()],
      );
    },

    /** Ends one of the user's own sessions; false when they have no session with that id. */
    async revoke(userId: string, sessionId: string): Promise<boolean> {
      return (await db.run('DELETE FROM sessions WHERE id = ? AND user_id = ?', [sessionId, userId])).changes > 0;
    },

    /** Ends every session of the user but `keepId` (after a password change, or on request). */
    async revokeOthers(userId: string, keepId: string): Promise<number> {
      return (await db.run('DELETE FROM sessions WHERE user_id = ? AND id <> ?', [userId, keepId])).changes;
    },

    /** Ends every session of the user (a password set from a reset link). */
    async revokeAll(userId: string): Promise<number> {
      return (await db.run('DELETE FROM sessions WHERE user_id = ?', [userId])).changes;
    },

    async purgeExpired(): Promise<number> {
      return (await db.run('DELETE FROM sessions WHERE expires_at <= ?', [now()])).changes;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
