/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { currentUserId } from './db/sw-registry.ts';
import { UserDb } from './db/user-db.ts';
import { drainOutboxInBackground } from './sync/background-sync.ts';
import { openNotice, pushedNotice, renewSubscription, showNotice, type SubscriptionChange } from './notices/worker-notices.ts';
import { provideMutators } from '#protocol/mutations/envelope.ts';
import { LATER_MUTATORS } from '#protocol/mutations/later-mutators.ts';

// A service worker's script cannot import a chunk: the workout's mutators are in its bundle.
provideMutators(async () => LATER_MUTATORS);

declare const self: ServiceWorkerGlobalScope;

// The build injects the list of hashed files here: the whole app shell, precached at install.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app route opens the cached shell offline; the API and /locale always go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/locale$/, /^\/r\//] }));

/**
 * Background Sync: when the browser is back online, even with the app closed, drain the signed-in
 * user's IndexedDB outbox with the same engine as the page. workbox-background-sync is used only
 * to register and receive the sync event: its own request store never holds data (it would drop
 * requests on a 4xx/5xx and after 7 days), so nothing is ever added to it. A network still
 * unreachable when the event fires is tried again within the event (drainOutboxInBackground).
 */
const outboxSync = new Queue('leve-outbox', {
  onSync: async () => {
    const userId = await currentUserId();
    if (!userId) return;
    const db = new UserDb(userId);
    try {
      await drainOutboxInBackground(db);
    } finally {
      db.close();
    }
  },
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'REGISTER_OUTBOX_SYNC') event.waitUntil(outboxSync.registerSync());
});

// A notice from the server (issue 50): shown as it was written; a click opens its screen.
self.addEventListener('push', (event: PushEvent) => {
  const notice = pushedNotice(event.data?.text());
  if (notice) event.waitUntil(showNotice(self.registration, notice));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openNotice(self.clients, self.location.origin, typeof url === 'string' ? url : '/dashboard'));
});

self.addEventListener('pushsubscriptionchange', (event: Event) => {
  (event as ExtendableEvent).waitUntil(renewSubscription(self.registration.pushManager, event as Event & SubscriptionChange, (input, init) => fetch(input, init)));
});

// A new version takes over at once: hashed chunks of the old one stay precached until then.
void self.skipWaiting();
clientsClaim();
