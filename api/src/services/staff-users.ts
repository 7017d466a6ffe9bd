/**
 * The users an admin or a teacher works on (SPEC §2 admin panel, §6; ARCHITECTURE §4 scope):
 * an admin acts on everyone; a teacher on their own students (referred to them) and on clients
 * with no teacher yet. Who may call the routes at all is the router's rule (`staff`); which
 * user they may touch is decided here, for every route that names a user or a plan.
 */
import type { Role } from '#protocol/domain/client-enums.ts';
import type { SqlDatabase } from '../db/sql/port.ts';
import type { UserRow } from '../db/schema/index.ts';
import { DomainError } from '#protocol/errors.ts';
import { findUserById, toClientDto } from './clients.ts';
import type { PlanAuthoring } from './plan-authoring.ts';
import { isoOrNull } from './plans.ts';
import type { StaffBodyMeasurement, StaffProgressPhoto, StaffUserDetail, StaffUserSummary } from '#protocol/contract/staff.ts';
import type { Subscriptions } from './subscriptions.ts';
import { STAFF_PHOTO_COLUMNS, toStaffPhoto, type StaffPhotoRow } from '../repositories/progress-photos.ts';

export interface Staff {
  id: string;
  role: Role;
}

/**
 * Whether `staff` may act on `target` (view it, author its plans). A teacher's own students are
 * always theirs; clients with no teacher only once an admin approved the teacher (ADR 013).
 */
export function inScope(staff: Staff & { approved: boolean }, target: Pick<UserRow, 'id' | 'role' | 'teacherId'>): boolean {
  if (staff.role === 'admin') return true;
  if (staff.role !== 'teacher' || target.role !== 'user') return false;
  return target.teacherId === staff.id || (target.teacherId === null && staff.approved);
}

type UserSummaryRow = Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'teacherId' | 'teacherApprovedAt' | 'createdAt'>;

const isoOf = <T extends { createdAt: number }>(row: T): Omit<T, 'createdAt'> & { createdAt: string } => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

export function createStaffUsers(db: SqlDatabase, subscriptions: Subscriptions, authoring: PlanAuthoring) {
  /** Photos go to admins and the client's own teacher, as their files do (routes/photos.ts). */
  const photosFor = async (staff: Staff, user: UserRow): Promise<StaffProgressPhoto[]> => {
    if (staff.role !== 'admin' && user.teacherId !== staff.id) return [];
    const rows = await db.all<StaffPhotoRow>(`SELECT ${STAFF_PHOTO_COLUMNS} FROM progress_photos WHERE user_id = ? AND kind = 'progress' AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`, [user.id]);
    return rows.map(toStaffPhoto);
  };

  const withApproval = async (staff: Staff) => {
    if (staff.role === 'admin') return { ...staff, approved: true };
    const row = await db.get<{ at: number | null }>('SELECT teacher_approved_at AS at FROM users WHERE id = ?', [staff.id]);
    return { ...staff, approved: (row?.at ?? null) !== null };
  };

  /** The user `staff` names in a route: 404 when there is none, 403 when out of their scope. */
  async function target(staff: Staff, userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError('NOT_FOUND');
    if (!inScope(await withApproval(staff), user)) throw new DomainError('FORBIDDEN');
    return user;
  }

  return {
    target,

    /** Whether `userId` is `teacherId`'s own student (photos are shown to their own teacher only, ADR 027). */
    isTeacherOf: async (teacherId: string, userId: string): Promise<boolean> =>
      (await db.get<{ teacherId: string | null }>('SELECT teacher_id AS "teacherId" FROM users WHERE id = ?', [userId]))?.teacherId === teacherId,

    async list(staff: Staff): Promise<StaffUserSummary[]> {
      const scope = await withApproval(staff);
      const latestDiets = await db.all<{ user_id: string; published_at: number }>(
        "SELECT user_id, max(published_at) AS published_at FROM diet_plans WHERE status = 'published' AND deleted_at IS NULL GROUP BY user_id",
      );
      const latest = new Map(latestDiets.map((row) => [row.user_id, row.published_at]));
      // lower(): the ASCII case folding SQLite's NOCASE did, written so PostgreSQL reads it too.
      const users = await db.all<UserSummaryRow>(
        'SELECT id, name, email, phone, role, teacher_id AS "teacherId", teacher_approved_at AS "teacherApprovedAt", created_at AS "createdAt" FROM users ORDER BY lower(name), id',
      );
      const summaries: StaffUserSummary[] = [];
      for (const user of users.filter((row) => inScope(scope, row))) {
        summaries.push({
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          role: user.role,
          teacherId: user.teacherId,
          teacherApprovedAt: isoOrNull(user.teacherApprovedAt),
          createdAt: new Date(user.createdAt).toISOString(),
          latestDietPublishedAt: isoOrNull(latest.get(user.id) ?? null),
          subscription: await subscriptions.current(user.id),
        });
      }
      return summaries;
    },

    async detail(staff: Staff, userId: string): Promise<StaffUserDetail> {
      const user = await target(staff, userId);
      const weighIns = await db.all<{ weight: number; createdAt: number }>(
        'SELECT weight, created_at AS "createdAt" FROM weight_records WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
        [user.id],
      );
      const measurements = await db.all<Omit<StaffBodyMeasurement, 'createdAt'> & { createdAt: number }>(
        'SELECT id, created_at AS "createdAt", waist, hip, chest, arm, thigh, neck, body_fat AS "bodyFat" FROM body_measurements WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC',
        [user.id],
      );
      return {
        ...(await toClientDto(db, user)),
        teacherId: user.teacherId,
        teacherApprovedAt: isoOrNull(user.teacherApprovedAt),
        dietPlans: await authoring.diets.listFor(user.id),
        workoutPlans: await authoring.workouts.listFor(user.id),
        subscription: await subscriptions.current(user.id),
        weighIns: weighIns.map(isoOf),
        bodyMeasurements: measurements.map(isoOf),
        progressPhotos: await photosFor(staff, user),
      };
    },

    /**
     * SPEC §6: 403 when the caller may not (themselves; a teacher removing an admin, a teacher or
     * another teacher's student), 409 while the user has an active paid plan. The user's data
     * goes with them through the foreign keys. Checked and deleted in one transaction, so a plan
     * paid meanwhile is not deleted with them.
     */
    async remove(staff: Staff, userId: string): Promise<void> {
      await db.transaction(async () => {
        const user = await findUserById(db, userId);
        if (!user) throw new DomainError('NOT_FOUND');
        if (user.id === staff.id || !inScope(await withApproval(staff), user)) throw new DomainError('USER_DELETE_FORBIDDEN');
        if (await subscriptions.hasActivePaidPlan(user.id)) throw new DomainError('USER_HAS_ACTIVE_PLAN');
        await db.run('DELETE FROM users WHERE id = ?', [user.id]);
      });
    },
  };
}

export type StaffUsers = ReturnType<typeof createStaffUsers>;
