/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

// The build injects the list of hashed files here: the whole app shell, precached at install.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app route opens the cached shell offline; the API and /locale always go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/locale$/] }));

// A new version takes over at once: hashed chunks of the old one stay precached until then.
void self.skipWaiting();
clientsClaim();
