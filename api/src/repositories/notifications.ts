/**
 * A client's notifications: created by the server, read on any device (synced). Their storage and
 * pull pages are the generic owned rows' (./owned-rows.ts).
 */
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import type { AppDatabase } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { tableRows } from '../db/sql/table-rows.ts';
import { createOwnedRows } from './owned-rows.ts';
import type { SyncVersions } from './sync-versions.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export const toNotification = (row: NotificationRow): NotificationDto => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  read: row.read,
  createdAt: new Date(row.createdAt).toISOString(),
});

const LIST = 'SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC';
const INSERT = 'INSERT INTO notifications (id, user_id, type, title, message, read, created_at, version) VALUES (?, ?, ?, ?, ?, 0, ?, ?)';

export function createNotifications(database: Pick<AppDatabase, 'sql'>, versions: SyncVersions, now: () => number) {
  const { sql: db } = database;
  const rows = tableRows(notifications);
  const owned = createOwnedRows(database, versions, notifications, {
    toRow: toNotification,
    toColumns: ({ type, title, message, read, createdAt }) => ({ type, title, message, read, createdAt: Date.parse(createdAt) }),
  });

  return {
    ...owned,

    list: async (userId: string): Promise<NotificationDto[]> => (await db.all<Record<string, unknown>>(LIST, [userId])).map((stored) => toNotification(rows.decode(stored))),

    async add(userId: string, { id, type, title, message, createdAt }: Omit<NotificationDto, 'read' | 'createdAt'> & { createdAt?: number }): Promise<void> {
      await db.run(INSERT, [id, userId, type, title, message, createdAt ?? now(), await versions.bump(userId)]);
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
