import { createTestApp, type TestApp } from './harness.ts';
import { startTestPushService, type TestPushService } from './push-service.ts';

export interface PushTestApp {
  t: TestApp;
  service: TestPushService;
  close(): Promise<void>;
}

/** A test app on `now`'s clock whose Web Push goes to a local push service (its origin allowed as an endpoint's). */
export async function startPushTestApp(now: () => number, env: Record<string, string> = {}): Promise<PushTestApp> {
  const service = await startTestPushService();
  const t = await createTestApp({ now, env: { PUSH_ALLOWED_ORIGINS: service.origin, ...env } });
  return {
    t,
    service,
    async close() {
      await t.close();
      await service.close();
    },
  };
}
