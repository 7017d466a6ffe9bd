/**
 * The users an admin or a teacher works on (SPEC §2 admin panel, §6; ARCHITECTURE §4 scope):
 * an admin acts on everyone; a teacher on their own students (referred to them) and on clients
 * with no teacher yet. Who may call the routes at all is the router's rule (`staff`); which
 * user they may touch is decided here, for every route that names a user or a plan.
 */
import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { Role } from '#protocol/domain/client-enums.ts';
import type { Db } from '../db/client.ts';
import { users, type UserRow } from '../db/schema/index.ts';
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

export function createStaffUsers(sqlite: Database.Database, db: Db, subscriptions: Subscriptions, authoring: PlanAuthoring) {
  const latestDiets = sqlite.prepare<[], { user_id: string; published_at: number }>(
    "SELECT user_id, max(published_at) AS published_at FROM diet_plans WHERE status = 'published' AND deleted_at IS NULL GROUP BY user_id",
  );
  const allUsers = sqlite.prepare<[], Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'teacherId' | 'teacherApprovedAt' | 'createdAt'>>(
    'SELECT id, name, email, phone, role, teacher_id AS teacherId, teacher_approved_at AS teacherApprovedAt, created_at AS createdAt FROM users ORDER BY name COLLATE NOCASE, id',
  );

  const weighInsOf = sqlite.prepare<[string], { weight: number; createdAt: string }>(
    "SELECT weight, strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') AS createdAt FROM weight_records WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at, id",
  );
  const measurementsOf = sqlite.prepare<[string], StaffBodyMeasurement>(
    "SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') AS createdAt, waist, hip, chest, arm, thigh, neck, body_fat AS bodyFat FROM body_measurements WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC",
  );

  const photosOf = sqlite.prepare<[string], StaffPhotoRow>(
    `SELECT ${STAFF_PHOTO_COLUMNS} FROM progress_photos WHERE user_id = ? AND kind = 'progress' AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`,
  );
  /** Photos go to admins and the client's own teacher, as their files do (routes/photos.ts). */
  const photosFor = (staff: Staff, user: UserRow): StaffProgressPhoto[] => (staff.role === 'admin' || user.teacherId === staff.id ? photosOf.all(user.id).map(toStaffPhoto) : []);

  const approvedAt = sqlite.prepare<[string], { at: number | null }>('SELECT teacher_approved_at AS at FROM users WHERE id = ?');
  const withApproval = (staff: Staff) => ({ ...staff, approved: staff.role === 'admin' || (approvedAt.get(staff.id)?.at ?? null) !== null });

  /** The user `staff` names in a route: 404 when there is none, 403 when out of their scope. */
  function target(staff: Staff, userId: string): UserRow {
    const user = findUserById(db, userId);
    if (!user) throw new DomainError('NOT_FOUND');
    if (!inScope(withApproval(staff), user)) throw new DomainError('FORBIDDEN');
    return user;
  }

  const teacherOf = sqlite.prepare<[string], { teacherId: string | null }>('SELECT teacher_id AS teacherId FROM users WHERE id = ?');

  return {
    target,

    /** Whether `userId` is `teacherId`'s own student (photos are shown to their own teacher only, ADR 027). */
    isTeacherOf: (teacherId: string, userId: string): boolean => teacherOf.get(userId)?.teacherId === teacherId,

    list(staff: Staff): StaffUserSummary[] {
      const scope = withApproval(staff);
      const latest = new Map(latestDiets.all().map((row) => [row.user_id, row.published_at]));
      return allUsers
        .all()
        .filter((user) => inScope(scope, user))
        .map((user) => ({
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          role: user.role,
          teacherId: user.teacherId,
          teacherApprovedAt: isoOrNull(user.teacherApprovedAt),
          createdAt: new Date(user.createdAt).toISOString(),
          latestDietPublishedAt: isoOrNull(latest.get(user.id) ?? null),
          subscription: subscriptions.current(user.id),
        }));
    },

    detail(staff: Staff, userId: string): StaffUserDetail {
      const user = target(staff, userId);
      return {
        ...toClientDto(db, user),
        teacherId: user.teacherId,
        teacherApprovedAt: isoOrNull(user.teacherApprovedAt),
        dietPlans: authoring.diets.listFor(user.id),
        workoutPlans: authoring.workouts.listFor(user.id),
        subscription: subscriptions.current(user.id),
        weighIns: weighInsOf.all(user.id),
        bodyMeasurements: measurementsOf.all(user.id),
        progressPhotos: photosFor(staff, user),
      };
    },

    /**
     * SPEC §6: 403 when the caller may not (themselves; a teacher removing an admin, a teacher or
     * another teacher's student), 409 while the user has an active paid plan. The user's data
     * goes with them through the foreign keys.
     */
    remove(staff: Staff, userId: string): void {
      const user = findUserById(db, userId);
      if (!user) throw new DomainError('NOT_FOUND');
      if (user.id === staff.id || !inScope(withApproval(staff), user)) throw new DomainError('USER_DELETE_FORBIDDEN');
      if (subscriptions.hasActivePaidPlan(user.id)) throw new DomainError('USER_HAS_ACTIVE_PLAN');
      db.delete(users).where(eq(users.id, user.id)).run();
    },
  };
}

export type StaffUsers = ReturnType<typeof createStaffUsers>;
