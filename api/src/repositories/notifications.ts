/**
 * A client's notifications on SQLite: created by the server, read on any device (synced). Their
 * storage and pull pages are the generic owned rows' (./owned-rows.ts).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import type { AppDatabase } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
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

export function createNotifications(database: AppDatabase, versions: SyncVersions, now: () => number) {
  const { db } = database;
  const owned = createOwnedRows(database, versions, notifications, {
    toRow: toNotification,
    toColumns: ({ type, title, message, read, createdAt }) => ({ type, title, message, read, createdAt: Date.parse(createdAt) }),
  });
  const listOf = db.select().from(notifications).where(eq(notifications.userId, sql.placeholder('userId'))).orderBy(desc(notifications.createdAt), desc(notifications.id)).prepare();

  return {
    ...owned,

    list: (userId: string): NotificationDto[] => listOf.all({ userId }).map(toNotification),

    add(userId: string, notification: Omit<NotificationDto, 'read' | 'createdAt'> & { createdAt?: number }): void {
      db.insert(notifications)
        .values({ ...notification, userId, read: false, createdAt: notification.createdAt ?? now(), version: versions.bump(userId) })
        .run();
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
