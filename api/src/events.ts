import { EventEmitter } from 'node:events';
import type { SubscriptionDto } from '#protocol/contract/subscriptions.ts';

/**
 * In-process domain events. `subscription.activated` fires once per paid activation (webhook,
 * admin or demo mode), after its transaction committed: the teacher commissions listen to it.
 */
export interface AppEvents {
  'subscription.activated': [{ subscription: SubscriptionDto; userId: string; source: 'demo' | 'webhook' | 'admin' }];
}

export class AppEventBus extends EventEmitter<AppEvents> {}
