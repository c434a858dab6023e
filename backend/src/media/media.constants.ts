/** GridFS bucket holding product images and their thumbnails (collections images.files and images.chunks). */
export const IMAGE_BUCKET = 'images';
/** Public path under which stored images are served (the global prefix /api is part of the URL we store). */
export const IMAGE_URL_PREFIX = '/api/images/';
/** Longest side of a stored image; larger uploads are scaled down. */
export const MAX_IMAGE_SIDE = 1200;
/** Longest side of a thumbnail (cards are 224px wide; 320 stays sharp on high-density screens). */
export const THUMB_SIDE = 320;
/** Uploads larger than this are refused before decoding. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decompression-bomb guard: refuse images with more pixels than this (about 7000 x 7000). */
export const MAX_IMAGE_PIXELS = 50_000_000;
