/**
 * Referral links (SPEC §2 referral tab, §5 code rules): one link per teacher, created on first
 * use, whose code counts clicks and attributes registrations. A code replaced by an edit keeps
 * leading to its link for a grace period, so links already shared do not break (ADR 013).
 */
import { createHash, randomInt } from 'node:crypto';
import { conversionRate, normalizeReferralCode } from '#protocol/domain/referral.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { DomainError } from '#protocol/errors.ts';
import type { ReferralLink } from '#protocol/contract/teacher.ts';
import { UniqueViolationError, type SqlDatabase } from '../db/sql/port.ts';
import type { StaffNotices } from '../notices/staff-notices.ts';

export const RETIRED_CODE_GRACE_MS = 90 * 24 * 60 * 60 * 1000;

interface LinkRow {
  id: string;
  teacher_id: string;
  code: string;
}

/** 'Tiago Professor' → 'TIAGO' plus digits: readable when said aloud, unique by the digits. */
function proposedCode(name: string, attempt: number): string {
  const letters = name.normalize('NFD').replace(/[^A-Za-z]/g, '').toUpperCase().slice(0, 8) || 'LEVE';
  const width = 2 + Math.min(attempt, 4); // more digits after each collision
  return `${letters}${String(randomInt(10 ** width)).padStart(width, '0')}`.slice(0, 15);
}

/** Only the hash of the visitor cookie is kept: no address, no identity (ADR 013). */
const hashVisitor = (visitorId: string) => createHash('sha256').update(visitorId).digest('hex');

export function createReferrals(db: SqlDatabase, now: () => number, staffNotices?: StaffNotices) {
  const linkOf = (teacherId: string) => db.get<LinkRow>('SELECT id, teacher_id, code FROM referral_links WHERE teacher_id = ?', [teacherId]);
  const teacherOf = (id: string) => db.get<{ name: string; role: string }>('SELECT name, role FROM users WHERE id = ?', [id]);

  /** The link a code leads to: its current code, or one retired within the grace period. */
  const resolve = async (code: string): Promise<LinkRow | undefined> =>
    (await db.get<LinkRow>('SELECT id, teacher_id, code FROM referral_links WHERE code = ?', [code])) ??
    (await db.get<LinkRow>(
      'SELECT l.id, l.teacher_id, l.code FROM retired_referral_codes r JOIN referral_links l ON l.id = r.link_id WHERE r.code = ? AND r.retired_at > ?',
      [code, now() - RETIRED_CODE_GRACE_MS],
    ));

  /**
   * The teacher's link, or a new one. The insert yields to a key already held (the teacher's link
   * made meanwhile by another request, or the code taken): then the link is read again, or another
   * code tried.
   */
  const ensure = (teacherId: string): Promise<LinkRow> =>
    db.transaction(async () => {
      const existing = await linkOf(teacherId);
      if (existing) return existing;
      const name = (await teacherOf(teacherId))?.name ?? '';
      for (let attempt = 0; ; attempt++) {
        const code = proposedCode(name, attempt);
        if (await resolve(code)) continue;
        const id = uuidv7(now());
        const { changes } = await db.run('INSERT INTO referral_links (id, teacher_id, code, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [id, teacherId, code, now(), now()]);
        if (changes === 1) return { id, teacher_id: teacherId, code };
        const made = await linkOf(teacherId);
        if (made) return made;
      }
    });

  const toDto = async (link: LinkRow, origin: string): Promise<ReferralLink> => {
    const clicks = (await db.get<{ n: number }>('SELECT count(*) AS n FROM referral_clicks WHERE link_id = ?', [link.id]))?.n ?? 0;
    // Over one population, the clicking browsers (ADR 013): a browser converts once, however many
    // paying accounts it registered; a student who came without a click is not a click's conversion.
    const conversions =
      (
        await db.get<{ n: number }>(
          `SELECT count(DISTINCT u.referral_visitor) AS n FROM users u
           WHERE u.teacher_id = ? AND u.referral_visitor IN (SELECT visitor FROM referral_clicks WHERE link_id = ?)
             AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.price > 0)`,
          [link.teacher_id, link.id],
        )
      )?.n ?? 0;
    return { id: link.id, url: `${origin}/r/${link.code}`, code: link.code, clicks, conversions, conversionRate: conversionRate(clicks, conversions) };
  };

  const taken = () => new DomainError('REFERRAL_CODE_TAKEN', { fields: [{ field: 'code', key: 'errors.REFERRAL_CODE_TAKEN' }] });

  return {
    /** The teacher's link, made with a fresh code the first time it is asked for. */
    linkFor: async (teacherId: string, origin: string) => toDto(await ensure(teacherId), origin),

    /**
     * SPEC §5: the code must be free; the old one keeps leading here for the grace period. Checked
     * and written in one transaction; a code another teacher took meanwhile is the unique key's
     * refusal, answered the same way.
     */
    async changeCode(teacherId: string, linkId: string, code: string, origin: string): Promise<ReferralLink> {
      let link: LinkRow;
      try {
        link = await db.transaction(async () => {
          const found = await db.get<LinkRow>('SELECT id, teacher_id, code FROM referral_links WHERE id = ?', [linkId]);
          if (!found || found.teacher_id !== teacherId) throw new DomainError('NOT_FOUND');
          if (code === found.code) return found;
          const holder = await resolve(code);
          if (holder && holder.id !== found.id) throw taken();
          await db.run('DELETE FROM retired_referral_codes WHERE code = ?', [code]);
          await db.run(
            'INSERT INTO retired_referral_codes (code, link_id, retired_at) VALUES (?, ?, ?) ON CONFLICT (code) DO UPDATE SET link_id = excluded.link_id, retired_at = excluded.retired_at',
            [found.code, found.id, now()],
          );
          await db.run('UPDATE referral_links SET code = ?, updated_at = ? WHERE id = ?', [code, now(), found.id]);
          return { ...found, code };
        });
      } catch (error) {
        if (error instanceof UniqueViolationError) throw taken();
        throw error;
      }
      return toDto(link, origin);
    },

    /**
     * Counts a visit of a link: once per browser (the visitor cookie's hash) and UTC day. Returns
     * the link's current code, or null for a code that leads nowhere.
     */
    async recordClick(rawCode: unknown, visitorId: string): Promise<string | null> {
      const code = normalizeReferralCode(rawCode);
      const link = code ? await resolve(code) : undefined;
      if (!link) return null;
      const visitor = hashVisitor(visitorId);
      await db.run('INSERT INTO referral_clicks (link_id, visitor, day, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [link.id, visitor, new Date(now()).toISOString().slice(0, 10), now()]);
      return link.code;
    },

    /**
     * A new client who came through a link becomes the link's teacher's student (never a teacher's
     * own account); when their browser had clicked the link, the student is that click's (ADR 013).
     */
    async attach(studentId: string, rawCode: unknown, visitorId?: string): Promise<boolean> {
      const code = normalizeReferralCode(rawCode);
      const link = code ? await resolve(code) : undefined;
      if (!link || (await teacherOf(link.teacher_id))?.role !== 'teacher') return false;
      const visitor = visitorId ? hashVisitor(visitorId) : null;
      const clicked = visitor !== null && ((await db.get<{ n: number }>('SELECT count(*) AS n FROM referral_clicks WHERE link_id = ? AND visitor = ?', [link.id, visitor]))?.n ?? 0) > 0;
      const { changes } = await db.run("UPDATE users SET teacher_id = ?, referral_visitor = ? WHERE id = ? AND teacher_id IS NULL AND role = 'user' AND id <> ?", [
        link.teacher_id,
        clicked ? visitor : null,
        studentId,
        link.teacher_id,
      ]);
      if (changes === 1) await staffNotices?.newStudent(link.teacher_id, studentId);
      return changes === 1;
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
