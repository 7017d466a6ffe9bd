import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { DEMO_PASSWORD, ensureAdmin, seedDemoData } from './demo-seed.ts';
import { users } from './schema/index.ts';

let t: TestApp;
afterEach(() => t.close());

describe('demo seed', () => {
  it('seeds the four demo accounts into an empty database, once', async () => {
    t = createTestApp();
    expect(await seedDemoData(t.database.db, Date.now())).toBe(true);
    expect(await seedDemoData(t.database.db, Date.now())).toBe(false);
    const rows = t.database.db.select().from(users).all();
    expect(rows.map((u) => [u.email, u.role]).sort()).toEqual([
      ['admin@example.com', 'admin'],
      ['client@example.com', 'user'],
      ['new@example.com', 'user'],
      ['teacher@example.com', 'teacher'],
    ]);
    for (const row of rows) expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true);
    const client = rows.find((u) => u.email === 'client@example.com');
    expect(client).toMatchObject({ birthDate: '1990-05-14', gender: 'female', activityLevel: 'light', dietaryRestrictions: ['lactoseFree'] });
    const login = await t.client().post('/api/clients/login', { email: 'client@example.com', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
  });

  it('leaves a database that already has accounts alone', async () => {
    t = createTestApp();
    await createUser(t.deps);
    expect(await seedDemoData(t.database.db, Date.now())).toBe(false);
    expect(t.database.db.select().from(users).all()).toHaveLength(1);
  });
});

describe('first admin from ADMIN_EMAIL + ADMIN_PASSWORD', () => {
  it('creates the admin when missing and never overwrites a password', async () => {
    t = createTestApp();
    expect(await ensureAdmin(t.database.db, 'root@example.com', 'a-long-passphrase', Date.now())).toBe('created');
    expect(await ensureAdmin(t.database.db, 'root@example.com', 'another-passphrase', Date.now())).toBe('unchanged');
    const admin = t.database.db.select().from(users).where(eq(users.email, 'root@example.com')).get();
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin?.passwordHash ?? '', 'a-long-passphrase')).toBe(true);
  });

  it('promotes an existing account', async () => {
    t = createTestApp();
    const { user } = await createUser(t.deps);
    expect(await ensureAdmin(t.database.db, user.email, 'whatever-passphrase', Date.now())).toBe('promoted');
    expect(t.database.db.select().from(users).where(eq(users.id, user.id)).get()?.role).toBe('admin');
  });
});
