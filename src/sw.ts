/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST } from './pwa/navigationDenylist';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// registerType "prompt": a waiting worker takes over only when the page asks (Reload button).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The app shell, every lazy route chunk, worker bundles, styles and icons (see vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every SPA route gets the precached index.html, online or not; server paths and files never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));

// On the very first install there is no older worker to protect, so control the open page at
// once (it then works offline without a reload). Later versions still wait for SKIP_WAITING.
clientsClaim();
