/**
 * Teacher accounts (SPEC §2 /professor-cadastro): created by the teacher themselves, with their
 * country and its tax number (ADR 019), expertise, bio and optionally their own AI-provider key, sealed at once and never read
 * back. A self-registered teacher works with the students their link brings at once; an admin's
 * approval adds the clients with no teacher to their scope (ADR 013).
 */
import { TEACHER_TAX_ID } from '#protocol/domain/tax-id.ts';
import { DEFAULT_LOCALE } from '#protocol/i18n/locales.ts';
import { uuidv7 } from '#protocol/ids.ts';
import type { TeacherRegistrationInput } from '#protocol/schemas/teachers.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { UserRow, users } from '../db/schema/index.ts';
import { DomainError } from '#protocol/errors.ts';
import type { ContentGeneration } from '../ai/content-generation.ts';
import { insertAccount } from './clients.ts';

export function createTeachers(db: SqlDatabase, generation: ContentGeneration, now: () => number) {
  const roleOf = (id: string) => db.get<{ role: string; at: number | null }>('SELECT role, teacher_approved_at AS at FROM users WHERE id = ?', [id]);

  return {
    async register(input: TeacherRegistrationInput, locale: string): Promise<UserRow> {
      const at = now();
      // Only the number the teacher's country asks for is kept (a US teacher keeps none).
      const taxId = TEACHER_TAX_ID[input.countryCode];
      const row: typeof users.$inferInsert = {
        id: uuidv7(at),
        email: input.email,
        name: input.name,
        phone: input.phone,
        role: 'teacher',
        passwordHash: await hashPassword(input.password),
        cpf: taxId === 'cpf' ? input.cpf : null,
        cuit: taxId === 'cuit' ? input.cuit : null,
        expertise: input.expertise ?? null,
        bio: input.bio ?? null,
        preferredLanguage: locale || DEFAULT_LOCALE,
        countryCode: input.countryCode,
        createdAt: at,
        updatedAt: at,
      };
      const user = await insertAccount(db, row);
      if (input.aiKey) await generation.setTeacherKey(user.id, input.aiKey);
      return user;
    },

    /** Admins approve a teacher once; 404 for anyone who is not a teacher. */
    async approve(teacherId: string): Promise<{ approvedAt: string }> {
      const row = await roleOf(teacherId);
      if (!row || row.role !== 'teacher') throw new DomainError('NOT_FOUND');
      await db.run("UPDATE users SET teacher_approved_at = ? WHERE id = ? AND role = 'teacher' AND teacher_approved_at IS NULL", [now(), teacherId]);
      return { approvedAt: new Date((await roleOf(teacherId))?.at ?? now()).toISOString() };
    },
  };
}

export type Teachers = ReturnType<typeof createTeachers>;
