import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

// The first lint loads the config, the TypeScript parser and every plugin (seconds on a busy
// machine): paid here once, under a hook's budget, rather than by whichever case runs first.
beforeAll(() => eslint.lintText('export {};\n', { filePath: path.join(root, 'sync-protocol/domain/warm-up.ts') }));

async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/layer-imports').map((m) => m.message);
}

describe('layer import rules (ARCHITECTURE §1)', () => {
  it.each([
    ['sync-protocol/domain/x.ts', "import Dexie from 'dexie';\nexport const d = Dexie;"],
    ['sync-protocol/domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;"],
    ['sync-protocol/domain/x.ts', "import { createApp } from '#api/app.ts';\nexport const a = createApp;"],
    ['api/src/services/x.ts', "import { LoginScreen } from '../../../pwa/src/features/auth/LoginScreen.tsx';\nexport const l = LoginScreen;"],
    ['api/src/services/x.ts', "import { LoginScreen } from '#pwa/features/auth/LoginScreen.tsx';\nexport const l = LoginScreen;"],
    ['pwa/src/features/auth/x.ts', "import { createApp } from '#api/app.ts';\nexport const a = createApp;"],
    ['pwa/src/features/auth/x.ts', "import { Dashboard } from '../dashboard/DashboardScreen.tsx';\nexport const d = Dashboard;"],
    ['pwa/src/features/auth/x.ts', "import { router } from '#pwa/app/router.tsx';\nexport const r = router;"],
    ['pwa/src/components/x.ts', "import { LoginScreen } from '../features/auth/LoginScreen.tsx';\nexport const l = LoginScreen;"],
    ['pwa/src/app/x.ts', "import Database from 'better-sqlite3';\nexport const d = Database;"],
    ['pwa/src/sync/x.test.ts', "import { createApp } from '#api/app.ts';\nexport const a = createApp;"],
    // Services speak the domain (issue 19, part 3): nothing of HTTP, not even AppDeps' home.
    ['api/src/services/x.ts', "import { ApiError } from '../http/errors.ts';\nexport const e = ApiError;"],
    ['api/src/ai/x.ts', "import type { AppDeps } from '../http/env.ts';\nexport type D = AppDeps;"],
    ['api/src/db/x.ts', "import { createRouter } from '#api/http/router.ts';\nexport const r = createRouter;"],
    // Wire types live in sync-protocol/contract (issue 19): not even a type comes from the services.
    ['pwa/src/features/auth/x.ts', "import type { ClientDto } from '#api/services/clients.ts';\nexport type C = ClientDto;"],
    ['pwa/src/db/x.ts', "import type { PullResult } from '../../../api/src/services/sync.ts';\nexport type P = PullResult;"],
    // The browser takes Hono's client only, never the server.
    ['pwa/src/lib/x.ts', "import { Hono } from 'hono';\nexport const h = Hono;"],
    ['pwa/src/lib/x.ts', "import { cors } from 'hono/cors';\nexport const c = cors;"],
    // The readers of pasted plans ship with the admin's form only (issue 46): clients get plans structured.
    ['pwa/src/features/content/x.ts', "import { foodPortion } from '#protocol/domain/diet-plan.ts';\nexport const f = foodPortion;"],
    ['pwa/src/features/content/x.ts', "import { parseWeeklySchedule } from '#protocol/domain/workout-schedule.ts';\nexport const p = parseWeeklySchedule;"],
    ['pwa/src/features/dashboard/x.ts', "import { structureDiet } from '#protocol/domain/plan-content.ts';\nexport const s = structureDiet;"],
    ['pwa/src/lib/x.ts', "export const load = () => import('../../../sync-protocol/domain/diet-plan.ts');"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['sync-protocol/domain/x.ts', "import { string } from 'yup';\nexport const s = string;"],
    ['api/src/services/x.ts', "import { uuidv7 } from '#protocol/ids.ts';\nexport const u = uuidv7;"],
    ['api/src/services/x.ts', "import type { AppDeps } from '../deps.ts';\nexport type D = AppDeps;"],
    ['api/src/routes/x.ts', "import { ApiError } from '../http/errors.ts';\nexport const e = ApiError;"],
    ['pwa/src/features/auth/x.ts', "import type { ClientDto } from '#protocol/contract/clients.ts';\nexport type C = ClientDto;"],
    ['pwa/src/app/x.ts', "import type { AppType } from '#api/app.ts';\nexport type A = AppType;"],
    ['pwa/src/features/auth/x.ts', "import { Logo } from '#pwa/components/Logo.tsx';\nexport const l = Logo;"],
    ['pwa/src/app/x.ts', "import { LoginScreen } from '../features/auth/LoginScreen.tsx';\nexport const l = LoginScreen;"],
    ['pwa/src/sync/x.test.ts', "import { createTestApp } from '../../../api/test/harness.ts';\nexport const t = createTestApp;"],
    ['pwa/src/lib/x.ts', "import { hc } from 'hono/client';\nexport const c = hc;"],
    ['pwa/src/features/admin/x.ts', "import { structureDiet } from '#protocol/domain/plan-content.ts';\nexport const s = structureDiet;"],
    ['pwa/src/features/content/x.ts', "import type { ScheduleDay } from '#protocol/domain/workout-schedule.ts';\nexport type S = ScheduleDay;"],
    ['pwa/src/test/x.ts', "import { structureDiet } from '#protocol/domain/plan-content.ts';\nexport const s = structureDiet;"],
    ['api/src/services/x.ts', "import { structureDiet } from '#protocol/domain/plan-content.ts';\nexport const s = structureDiet;"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
