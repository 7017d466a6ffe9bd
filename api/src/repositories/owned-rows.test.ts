import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '#protocol/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/factories.ts';
import { notifications } from '../db/schema/index.ts';
import { createOwnedRows } from './owned-rows.ts';

// The generic repository on a real table, with the default mapping: a row is the stored columns
// but for user and version (here a notification with its instant in milliseconds).
let t: TestApp;
let rows: ReturnType<typeof createRows>;
const createRows = (app: TestApp) => createOwnedRows(app.database, app.deps.versions, notifications);
const aRow = (overrides: Partial<{ id: string; title: string; read: boolean }> = {}) => ({
  id: uuidv7(),
  type: 'other' as const,
  title: 'Olá',
  message: 'Bem-vinda',
  read: false,
  createdAt: Date.UTC(2026, 10, 1),
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  rows = createRows(t);
});
afterAll(() => t.close());

describe('owned rows (a synced table with no repository of its own)', () => {
  it('inserts a row once: a replay is ‘exists’, another user’s id is ‘taken’ and left as it was', async () => {
    const { user: ana } = await createUser(t.deps);
    const { user: bia } = await createUser(t.deps);
    const row = aRow();
    expect(await rows.storageFor(ana.id).insert(row)).toBe('inserted');
    expect(await rows.storageFor(ana.id).insert(row)).toBe('exists');
    expect(await rows.storageFor(bia.id).insert({ ...row, title: 'Roubado' })).toBe('taken');
    expect(await rows.storageFor(ana.id).get(row.id)).toEqual(row);
    expect(await rows.storageFor(bia.id).get(row.id)).toBeUndefined();
  });

  it('writes a change to the user’s own row only, each write taking a new sync version', async () => {
    const { user: ana } = await createUser(t.deps);
    const { user: bia } = await createUser(t.deps);
    const row = aRow();
    await rows.storageFor(ana.id).insert(row);
    const before = await t.deps.versions.current();
    await rows.storageFor(ana.id).put({ ...row, read: true });
    await rows.storageFor(bia.id).put({ ...row, title: 'Roubado' });
    expect(await rows.find(ana.id, row.id)).toEqual({ ...row, read: true });
    expect(await rows.find(bia.id, row.id)).toBeNull();
    expect(await t.deps.versions.current()).toBe(before + 2);
  });

  it('pages one user’s rows changed after a cursor, oldest version first', async () => {
    const { user: ana } = await createUser(t.deps);
    const first = aRow({ title: 'primeira' });
    const second = aRow({ title: 'segunda' });
    await rows.storageFor(ana.id).insert(first);
    const cursor = await t.deps.versions.current();
    await rows.storageFor(ana.id).insert(second);
    await rows.storageFor(ana.id).put({ ...first, read: true });
    const page = await rows.changedAfter(ana.id, cursor, 10);
    expect(page.map(({ row }) => row)).toEqual([second, { ...first, read: true }]);
    expect(page[0]!.version).toBeLessThan(page[1]!.version);
    expect(await rows.changedAfter(ana.id, cursor, 1)).toHaveLength(1);
  });
});
