/** A client's notifications on SQLite: created by the server, read on any device (synced). */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { NotificationDto } from '#protocol/contract/tracking.ts';
import type { MutatorStorage } from '#protocol/mutations/storage.ts';
import type { AppDatabase } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { prepareWrite } from './prepared-write.ts';
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

const p = (name: string) => sql.placeholder(name);

export function createNotifications({ db, sqlite }: AppDatabase, versions: SyncVersions, now: () => number) {
  const byId = db.select().from(notifications).where(eq(notifications.id, p('id'))).prepare();
  const writeRead = prepareWrite<{ read: 0 | 1; version: number; id: string; userId: string }>(
    sqlite,
    db
      .update(notifications)
      .set({ read: sql`${p('read')}`, version: sql`${p('version')}` })
      .where(and(eq(notifications.id, p('id')), eq(notifications.userId, p('userId')))),
  );
  const listOf = db.select().from(notifications).where(eq(notifications.userId, p('userId'))).orderBy(desc(notifications.createdAt), desc(notifications.id)).prepare();
  const changedAfter = db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, p('userId')), gt(notifications.version, p('cursor'))))
    .orderBy(notifications.version)
    .limit(p('limit'))
    .prepare();

  const owned = (userId: string, id: string) => {
    const row = byId.get({ id });
    return row && row.userId === userId ? row : undefined;
  };

  return {
    /** The mutators' storage of one user's notifications. */
    storageFor(userId: string): MutatorStorage['notifications'] {
      return {
        get: (id) => {
          const row = owned(userId, id);
          return row && toNotification(row);
        },
        put: (notification) => void writeRead.run({ read: notification.read ? 1 : 0, version: versions.bump(userId), id: notification.id, userId }),
      };
    },

    changedAfter: (userId: string, cursor: number, limit: number) => changedAfter.all({ userId, cursor, limit }),

    find(userId: string, id: string): NotificationDto | null {
      const row = owned(userId, id);
      return row ? toNotification(row) : null;
    },

    list: (userId: string): NotificationDto[] => listOf.all({ userId }).map(toNotification),

    add(userId: string, notification: Omit<NotificationDto, 'read' | 'createdAt'> & { createdAt?: number }): void {
      db.insert(notifications)
        .values({ ...notification, userId, read: false, createdAt: notification.createdAt ?? now(), version: versions.bump(userId) })
        .run();
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
