/**
 * What teachers and admins are told (issue 50): a student's message, a check-in waiting for
 * review, a new student through their link. Written in the transaction of the write that causes
 * them, once per thing (its id is the notice's key), for the client's teacher, or for the admins
 * when the client has none: who coaches that client.
 */
import type { SqlDatabase } from '../db/sql/port.ts';
import { MESSAGE_NOTICE_DELAY_MS, type Notices } from './notices.ts';

export interface StaffNotices {
  clientWrote(clientId: string, message: { id: string; body: string }): Promise<void>;
  checkInSent(clientId: string, checkIn: { id: string }): Promise<void>;
  newStudent(teacherId: string, clientId: string): Promise<void>;
}

export function createStaffNotices(db: SqlDatabase, notices: Notices, now: () => number): StaffNotices {
  async function tellCoaches(clientId: string, kind: string, key: string, data: Record<string, string>, delay = 0) {
    const client = await db.get<{ name: string; teacher_id: string | null }>('SELECT name, teacher_id FROM users WHERE id = ?', [clientId]);
    if (!client) return;
    const coaches = client.teacher_id ? [{ id: client.teacher_id }] : await db.all<{ id: string }>("SELECT id FROM users WHERE role = 'admin'");
    const payload = JSON.stringify({ clientId, client: client.name, ...data });
    for (const coach of coaches) await notices.schedule({ userId: coach.id, kind, key, dueAt: now() + delay, notAfter: null, payload });
  }

  return {
    clientWrote: (clientId, message) => tellCoaches(clientId, 'studentMessage', message.id, { text: message.body }, MESSAGE_NOTICE_DELAY_MS),
    // What a check-in says is health data: the notice names only who sent it.
    checkInSent: (clientId, checkIn) => tellCoaches(clientId, 'checkInReview', checkIn.id, {}),
    async newStudent(teacherId, clientId) {
      const client = await db.get<{ name: string }>('SELECT name FROM users WHERE id = ?', [clientId]);
      if (client) await notices.schedule({ userId: teacherId, kind: 'newStudent', key: clientId, dueAt: now(), notAfter: null, payload: JSON.stringify({ clientId, client: client.name }) });
    },
  };
}
