/**
 * Referral links (SPEC §2 referral tab, §5 code rules): one link per teacher, created on first
 * use, whose code counts clicks and attributes registrations. A code replaced by an edit keeps
 * leading to its link for a grace period, so links already shared do not break (ADR 013).
 */
import { createHash, randomInt } from 'node:crypto';
import type Database from 'better-sqlite3';
import { conversionRate, normalizeReferralCode } from '#protocol/domain/referral.ts';
import { uuidv7 } from '#protocol/ids.ts';
import { DomainError } from '#protocol/errors.ts';
import type { ReferralLink } from '#protocol/contract/teacher.ts';

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

export function createReferrals(sqlite: Database.Database, now: () => number) {
  const linkOf = sqlite.prepare<[string], LinkRow>('SELECT id, teacher_id, code FROM referral_links WHERE teacher_id = ?');
  const linkById = sqlite.prepare<[string], LinkRow>('SELECT id, teacher_id, code FROM referral_links WHERE id = ?');
  const linkByCode = sqlite.prepare<[string], LinkRow>('SELECT id, teacher_id, code FROM referral_links WHERE code = ?');
  const retired = sqlite.prepare<[string, number], LinkRow>(
    'SELECT l.id, l.teacher_id, l.code FROM retired_referral_codes r JOIN referral_links l ON l.id = r.link_id WHERE r.code = ? AND r.retired_at > ?',
  );
  const insertLink = sqlite.prepare('INSERT INTO referral_links (id, teacher_id, code, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const setCode = sqlite.prepare('UPDATE referral_links SET code = ?, updated_at = ? WHERE id = ?');
  const retire = sqlite.prepare('INSERT INTO retired_referral_codes (code, link_id, retired_at) VALUES (?, ?, ?) ON CONFLICT (code) DO UPDATE SET link_id = excluded.link_id, retired_at = excluded.retired_at');
  const unretire = sqlite.prepare('DELETE FROM retired_referral_codes WHERE code = ?');
  const insertClick = sqlite.prepare('INSERT INTO referral_clicks (link_id, visitor, day, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const clicksOf = sqlite.prepare<[string], { n: number }>('SELECT count(*) AS n FROM referral_clicks WHERE link_id = ?');
  // Over one population, the clicking browsers (ADR 013): a browser converts once, however many
  // paying accounts it registered; a student who came without a click is not a click's conversion.
  const conversionsOf = sqlite.prepare<[string, string], { n: number }>(
    `SELECT count(DISTINCT u.referral_visitor) AS n FROM users u
     WHERE u.teacher_id = ? AND u.referral_visitor IN (SELECT visitor FROM referral_clicks WHERE link_id = ?)
       AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.price > 0)`,
  );
  const clickedBy = sqlite.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM referral_clicks WHERE link_id = ? AND visitor = ?');
  const teacherName = sqlite.prepare<[string], { name: string; role: string }>('SELECT name, role FROM users WHERE id = ?');
  const attachStudent = sqlite.prepare("UPDATE users SET teacher_id = ?, referral_visitor = ? WHERE id = ? AND teacher_id IS NULL AND role = 'user' AND id <> ?");

  /** The link a code leads to: its current code, or one retired within the grace period. */
  const resolve = (code: string): LinkRow | undefined => linkByCode.get(code) ?? retired.get(code, now() - RETIRED_CODE_GRACE_MS);

  const ensure = sqlite.transaction((teacherId: string): LinkRow => {
    const existing = linkOf.get(teacherId);
    if (existing) return existing;
    const name = teacherName.get(teacherId)?.name ?? '';
    for (let attempt = 0; ; attempt++) {
      const code = proposedCode(name, attempt);
      if (resolve(code)) continue;
      const id = uuidv7(now());
      insertLink.run(id, teacherId, code, now(), now());
      return { id, teacher_id: teacherId, code };
    }
  });

  const toDto = (link: LinkRow, origin: string): ReferralLink => {
    const clicks = clicksOf.get(link.id)?.n ?? 0;
    const conversions = conversionsOf.get(link.teacher_id, link.id)?.n ?? 0;
    return { id: link.id, url: `${origin}/r/${link.code}`, code: link.code, clicks, conversions, conversionRate: conversionRate(clicks, conversions) };
  };

  return {
    /** The teacher's link, made with a fresh code the first time it is asked for. */
    linkFor: (teacherId: string, origin: string) => toDto(ensure(teacherId), origin),

    /** SPEC §5: the code must be free; the old one keeps leading here for the grace period. */
    changeCode: sqlite.transaction((teacherId: string, linkId: string, code: string, origin: string): ReferralLink => {
      const link = linkById.get(linkId);
      if (!link || link.teacher_id !== teacherId) throw new DomainError('NOT_FOUND');
      if (code === link.code) return toDto(link, origin);
      const holder = resolve(code);
      if (holder && holder.id !== link.id) throw new DomainError('REFERRAL_CODE_TAKEN', { fields: [{ field: 'code', key: 'errors.REFERRAL_CODE_TAKEN' }] });
      unretire.run(code);
      retire.run(link.code, link.id, now());
      setCode.run(code, now(), link.id);
      return toDto({ ...link, code }, origin);
    }),

    /**
     * Counts a visit of a link: once per browser (the visitor cookie's hash) and UTC day. Returns
     * the link's current code, or null for a code that leads nowhere.
     */
    recordClick(rawCode: unknown, visitorId: string): string | null {
      const code = normalizeReferralCode(rawCode);
      const link = code ? resolve(code) : undefined;
      if (!link) return null;
      const visitor = hashVisitor(visitorId);
      insertClick.run(link.id, visitor, new Date(now()).toISOString().slice(0, 10), now());
      return link.code;
    },

    /**
     * A new client who came through a link becomes the link's teacher's student (never a teacher's
     * own account); when their browser had clicked the link, the student is that click's (ADR 013).
     */
    attach(studentId: string, rawCode: unknown, visitorId?: string): boolean {
      const code = normalizeReferralCode(rawCode);
      const link = code ? resolve(code) : undefined;
      if (!link || teacherName.get(link.teacher_id)?.role !== 'teacher') return false;
      const visitor = visitorId ? hashVisitor(visitorId) : null;
      const clicked = visitor !== null && (clickedBy.get(link.id, visitor)?.n ?? 0) > 0;
      return attachStudent.run(link.teacher_id, clicked ? visitor : null, studentId, link.teacher_id).changes === 1;
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
