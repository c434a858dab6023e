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
/** GridFS bucket of private photos (shoppers' problem-report photos): served only by routes that check who asks (PrivatePhotos). */
export const PRIVATE_PHOTO_BUCKET = 'private_photos';
/** Shoppers' photos: fewer pixels than product pictures (24 MP: 6000 x 4000; a phone's usual 12 MP photo fits twice). */
export const MAX_PHOTO_PIXELS = 24_000_000;
/** Shoppers' photos one instance decodes at once (each up to about 100 MB while it lasts); the others wait their turn. */
export const PHOTO_DECODES_AT_ONCE = 2;
