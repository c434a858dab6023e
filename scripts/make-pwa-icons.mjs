#!/usr/bin/env node
/**
 * Draws the app's icons (issue 26) into frontend/public/icons: the cart and leaf of favicon.svg on the
 * shop's primary green, as "any" icons (rounded square) and "maskable" ones (full bleed, the drawing
 * inside the central safe zone, 80% of the side). Run again after changing the drawing; the PNGs are
 * committed, so builds do not need sharp.
 *
 *   node scripts/make-pwa-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// sharp is the backend's dependency (thumbnails).
const sharp = createRequire(join(root, 'backend', 'package.json'))('sharp');
const out = join(root, 'frontend', 'public', 'icons');
const PRIMARY = '#237a52';

/** The cart and leaf, drawn on a 32-unit square. */
const DRAWING =
  '<path d="M8 11h3l2.2 9.5h9.3L25 13H12.2" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<circle cx="14" cy="24.5" r="1.6" fill="#fff"/><circle cx="21.5" cy="24.5" r="1.6" fill="#fff"/>' +
  '<path d="M17 10c0-3 2-5 5-5 0 3-2 5-5 5z" fill="#fff"/>';

const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${PRIMARY}"/>${DRAWING}</svg>`;
// Maskable: the platform cuts any shape out of the square; the drawing shrinks to 70% around the centre.
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${PRIMARY}"/><g transform="translate(16 16) scale(0.7) translate(-16 -15)">${DRAWING}</g></svg>`;

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon.svg'), anyIcon + '\n');
const render = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, name));
await Promise.all([
  render(anyIcon, 192, 'icon-192.png'),
  render(anyIcon, 512, 'icon-512.png'),
  render(maskableIcon, 192, 'maskable-192.png'),
  render(maskableIcon, 512, 'maskable-512.png'),
  // iOS ignores the manifest's icons and draws its own rounded corners.
  render(maskableIcon, 180, 'apple-touch-icon.png'),
  // The notification's small monochrome badge (Android): white on transparent.
  render(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${DRAWING}</svg>`, 96, 'badge-96.png'),
]);
console.log(`Icons written to ${out}`);
