/// <reference lib="webworker" />
import type { PushPayload } from '@greencart/domain';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/**
 * The storefront's service worker (issue 26). What it keeps:
 * - the build (precached, one revision per file): the shell and every page's code open offline, and a
 *   window keeps the version it started with until all windows of it are closed (no skipWaiting);
 * - the last catalogue and product answers seen, and the shop's public settings (GET /api/shop: its tax mode,
 *   which the prices' tax words follow): network first, the copy when offline. Never the
 *   session (/api/session: name, email, cart), nor any answer the server marks no-store or private: a
 *   device offline cannot learn that its session was ended elsewhere ("sign out everywhere"), so what it
 *   kept would show the former shopper. Offline, a reload shows the shop with the session unknown ("we'll
 *   check your sign-in when you're back") and this device's guest cart; the product pages fall back to these lists;
 * - product pictures: cache first (their URLs change with the picture).
 * Every other /api request (orders, payments, cart changes, chat) is not handled here at all: it goes to
 * the network as if there were no service worker, and fails offline instead of being queued.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the page that installed it (so what it shows is kept from the first visit);
// a later version becomes active only once no window runs the old one, so claiming mixes nothing.
clientsClaim();

// The app's routes (any path outside /api and /socket.io) are the shell: the precached index.html.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/] }));

const LAST_SEEN = 'greencart-last-seen';
const LAST_SEEN_READS = /^\/api\/(productList|products(\/[^/]+)?|shop)$/;
/** What the server says must not be kept is not kept, whatever the route. */
const notKeptWhenTheServerSaysSo: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (/\b(no-store|private)\b/i.test(response.headers.get('Cache-Control') ?? '') ? null : response),
};
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && LAST_SEEN_READS.test(url.pathname),
  new NetworkFirst({
    cacheName: LAST_SEEN,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      notKeptWhenTheServerSaysSo,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600 }),
    ],
  }),
);

// Earlier versions kept the session: the copy goes when this version takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.open(LAST_SEEN).then((cache) => cache.delete('/api/session', { ignoreSearch: true })));
});

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
  new CacheFirst({
    cacheName: 'greencart-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// "Use the new version now" from a window (workbox-window's messageSkipWaiting); otherwise it waits.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

function readPush(data: PushMessageData | null): PushPayload {
  const fallback: PushPayload = { title: 'GreenCart', body: 'You have an update from GreenCart', url: '/', tag: 'greencart' };
  try {
    const payload = data?.json() as Partial<PushPayload> | undefined;
    return { ...fallback, ...payload };
  } catch {
    return { ...fallback, body: data?.text() || fallback.body };
  }
}

self.addEventListener('push', (event) => {
  const { title, body, url, tag } = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(title, { body, tag, icon: '/icons/icon-192.png', badge: '/icons/badge-96.png', data: { url }, lang: 'en' }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  // Only the shop's own pages.
  const target = wanted.origin === self.location.origin ? wanted.href : self.location.origin + '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) return void (await same.focus());
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const moved = await open.navigate(target).catch(() => null);
        if (moved) return void (await moved.focus());
      }
      await self.clients.openWindow(target);
    })(),
  );
});
