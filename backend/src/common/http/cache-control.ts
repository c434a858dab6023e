/**
 * Cache-Control of the catalogue's public reads (the same for everyone, an ETag on each): browsers ask
 * again every time (max-age=0, answered 304 while unchanged), so a seller sees an edit at once; a shared
 * cache (a proxy, a CDN) may answer for one second before asking again, so a change reaches everyone
 * within a second there (two at most, with the one-second coalescing of stock changes). No
 * stale-while-revalidate: s-maxage forbids a shared cache to serve stale answers, and the two together
 * are read differently by different caches.
 */
export const PUBLIC_CATALOGUE = 'public, max-age=0, s-maxage=1';

/** One shopper's answers: the browser's own cache only, and always asked again. */
export const PERSONAL = 'private, no-cache';
