import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Role } from '#protocol/domain/client-enums.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used after half its life is extended, so active users stay signed in. */
const RENEW_AFTER_MS = SESSION_TTL_MS / 2;

export interface SessionUser {
  id: string;
  role: Role;
  email: string;
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
 * Statements are prepared once: the lookup runs on every authenticated request.
 */
export function createSessionStore(sqlite: Database.Database, now: () => number = Date.now) {
  const insert = sqlite.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?)');
  const lookup = sqlite.prepare(
    'SELECT s.id, s.expires_at AS expiresAt, u.id AS userId, u.role, u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?',
  );
  const extend = sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?');
  const remove = sqlite.prepare('DELETE FROM sessions WHERE id = ?');
  const purge = sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const ofUser = sqlite.prepare<[string, number], SessionSummaryRow>(
    'SELECT id, created_at AS createdAt, expires_at AS expiresAt, user_agent AS userAgent FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC, id',
  );
  const removeOfUser = sqlite.prepare('DELETE FROM sessions WHERE id = ? AND user_id = ?');
  const removeOthers = sqlite.prepare('DELETE FROM sessions WHERE user_id = ? AND id <> ?');
  const removeAll = sqlite.prepare('DELETE FROM sessions WHERE user_id = ?');

  return {
    /** Starts a new session (a fresh token at every login: no fixation) and returns the cookie token. */
    create(userId: string, userAgent: string | undefined): { token: string; expiresAt: number } {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now() + SESSION_TTL_MS;
      insert.run(hashToken(token), userId, now(), expiresAt, userAgent?.slice(0, 300) ?? null);
      return { token, expiresAt };
    },

    find(token: string): ActiveSession | null {
      if (token.length < 20 || token.length > 100) return null;
      const id = hashToken(token);
      const row = lookup.get(id) as { id: string; expiresAt: number; userId: string; role: Role; email: string } | undefined;
      if (!row) return null;
      const current = now();
      if (row.expiresAt <= current) {
        remove.run(id);
        return null;
      }
      let expiresAt = row.expiresAt;
      const renewed = expiresAt - current < SESSION_TTL_MS - RENEW_AFTER_MS;
      if (renewed) {
        expiresAt = current + SESSION_TTL_MS;
        extend.run(expiresAt, id);
      }
      return { id, expiresAt, renewed, user: { id: row.userId, role: row.role, email: row.email } };
    },

    delete(token: string): void {
      remove.run(hashToken(token));
    },

    /** The user's live sessions, newest first; `id` is the stored hash, never the token. */
    listFor(userId: string): SessionSummaryRow[] {
      return ofUser.all(userId, now());
    },

    /** Ends one of the user's own sessions; false when they have no session with that id. */
    revoke(userId: string, sessionId: string): boolean {
      return removeOfUser.run(sessionId, userId).changes > 0;
    },

    /** Ends every session of the user but `keepId` (after a password change, or on request). */
    revokeOthers(userId: string, keepId: string): number {
      return removeOthers.run(userId, keepId).changes;
    },

    /** Ends every session of the user (a password set from a reset link). */
    revokeAll(userId: string): number {
      return removeAll.run(userId).changes;
    },

    purgeExpired(): number {
      return purge.run(now()).changes;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
