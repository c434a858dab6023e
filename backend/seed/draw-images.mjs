#!/usr/bin/env node
/**
 * Draws the demo catalogue's product illustrations (made for GreenCart: simple SVG shapes and
 * gradients, no text, nothing downloaded) and writes them as small WebP files next to this script.
 *
 *   node backend/seed/draw-images.mjs            # all images
 *   node backend/seed/draw-images.mjs tomatoes   # only the named ones
 *
 * The output is committed; run this again only after changing a drawing. File names are the
 * `images` of backend/src/products/seed/demo-catalogue.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'images');
const SIZE = 480;

// ---------------------------------------------------------------------------------------------
// Small SVG toolkit

let gradientCount = 0;
/** A linear gradient; returns [defs, url]. */
function linear(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
  const id = `g${++gradientCount}`;
  const s = stops.map((c, i) => `<stop offset="${stops.length === 1 ? 0 : i / (stops.length - 1)}" stop-color="${c}"/>`).join('');
  return [`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`, `url(#${id})`];
}
/** A radial gradient lit from the upper left (makes spheres look round). */
function radial(inner, outer, { cx = 0.35, cy = 0.32, r = 0.75 } = {}) {
  const id = `g${++gradientCount}`;
  return [
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`,
    `url(#${id})`,
  ];
}

/** Deterministic pseudo-random numbers, so re-running the script gives the same pictures. */
function random(seed) {
  let state = seed >>> 0;
  return () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const CATEGORY_TINTS = {
  Vegetables: ['#f3faee', '#dcefd0'],
  Fruits: ['#fff8ef', '#ffe4c7'],
  Drinks: ['#f0f7fd', '#d3e8f8'],
  Instant: ['#fff5f2', '#fbd9cf'],
  Dairy: ['#f5f8fd', '#dbe5f6'],
  Bakery: ['#fdf8f0', '#f3e0c4'],
  Grains: ['#fcf9ee', '#efe5c0'],
};

/** Wraps a drawing in the common backdrop: tinted card, soft disc and a ground shadow. */
function scene(category, body, { shadow = [240, 400, 150, 22] } = {}) {
  const [a, b] = CATEGORY_TINTS[category];
  const [bgDef, bgFill] = radial(a, b, { cx: 0.5, cy: 0.45, r: 0.8 });
  const [cx, cy, rx, ry] = shadow;
  const defs = [bgDef, ...body.defs].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 480 480">
<defs>${defs}</defs>
<rect width="480" height="480" fill="${bgFill}"/>
<circle cx="240" cy="236" r="190" fill="#ffffff" opacity="0.45"/>
<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.10"/>
${body.svg}
</svg>`;
}

/** Collects defs and shapes while drawing. */
function canvas() {
  const defs = [];
  const parts = [];
  return {
    defs,
    get svg() {
      return parts.join('\n');
    },
    lin(stops, dir) {
      const [d, url] = linear(stops, dir);
      defs.push(d);
      return url;
    },
    rad(inner, outer, opts) {
      const [d, url] = radial(inner, outer, opts);
      defs.push(d);
      return url;
    },
    add(...shapes) {
      parts.push(...shapes);
    },
  };
}

const shine = (x, y, rx, ry, rot = -30, opacity = 0.35) =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" transform="rotate(${rot} ${x} ${y})" fill="#fff" opacity="${opacity}"/>`;
const leaf = (x, y, length, angle, fill, vein = '#2e6b1f') =>
  `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0 C ${length * 0.3} ${-length * 0.28}, ${length * 0.75} ${-length * 0.25}, ${length} 0 C ${length * 0.75} ${length * 0.25}, ${length * 0.3} ${length * 0.28}, 0 0 Z" fill="${fill}"/><path d="M2 0 L ${length * 0.92} 0" stroke="${vein}" stroke-width="2" opacity="0.5"/></g>`;

// ---------------------------------------------------------------------------------------------
// Produce

function potatoes() {
  const c = canvas();
  const skin = c.rad('#e3bf86', '#a87538');
  const rand = random(7);
  for (const [x, y, rx, ry, rot] of [
    [175, 300, 92, 66, -15],
    [305, 315, 88, 62, 12],
    [240, 225, 84, 60, 5],
  ]) {
    c.add(`<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" transform="rotate(${rot} ${x} ${y})" fill="${skin}" stroke="#8a5c27" stroke-width="2"/>`);
    for (let i = 0; i < 5; i++)
      c.add(`<ellipse cx="${x + (rand() - 0.5) * rx * 1.3}" cy="${y + (rand() - 0.5) * ry}" rx="4" ry="2.5" fill="#7a4f1f" opacity="0.6"/>`);
    c.add(shine(x - rx * 0.35, y - ry * 0.4, rx * 0.3, ry * 0.15, rot - 10, 0.25));
  }
  return scene('Vegetables', c, { shadow: [240, 375, 170, 24] });
}

function tomatoes() {
  const c = canvas();
  const red = c.rad('#ff7a5c', '#c81e12');
  for (const [x, y, r] of [
    [170, 290, 82],
    [310, 295, 78],
    [240, 205, 76],
  ]) {
    c.add(`<circle cx="${x}" cy="${y}" r="${r}" fill="${red}"/>`);
    c.add(shine(x - r * 0.38, y - r * 0.38, r * 0.28, r * 0.14, -35, 0.4));
    const star = Array.from({ length: 10 }, (_, i) => {
      const a = (Math.PI * 2 * i) / 10 - Math.PI / 2;
      const d = i % 2 ? 8 : 26;
      return `${x + Math.cos(a) * d},${y - r + 10 + Math.sin(a) * d * 0.6}`;
    }).join(' ');
    c.add(`<polygon points="${star}" fill="#3f8f2a"/>`, `<rect x="${x - 3}" y="${y - r - 8}" width="6" height="14" rx="3" fill="#2f6e1e"/>`);
  }
  return scene('Vegetables', c, { shadow: [240, 375, 160, 22] });
}

function redOnions() {
  const c = canvas();
  const skin = c.rad('#d9789e', '#7d1f4a');
  for (const [x, y, s] of [
    [175, 300, 1],
    [305, 300, 0.95],
    [240, 230, 0.9],
  ]) {
    const w = 80 * s;
    const h = 90 * s;
    c.add(
      `<path d="M${x} ${y - h - 25 * s} C ${x + 8} ${y - h}, ${x + w} ${y - h * 0.7}, ${x + w} ${y} C ${x + w} ${y + h * 0.75}, ${x - w} ${y + h * 0.75}, ${x - w} ${y} C ${x - w} ${y - h * 0.7}, ${x - 8} ${y - h}, ${x} ${y - h - 25 * s} Z" fill="${skin}" stroke="#6a1a3e" stroke-width="2"/>`,
    );
    for (const dx of [-0.55, -0.2, 0.2, 0.55])
      c.add(
        `<path d="M${x} ${y - h - 10 * s} Q ${x + dx * w * 1.5} ${y - h * 0.1}, ${x + dx * w * 0.6} ${y + h * 0.6}" stroke="#f2b6cd" stroke-width="2.5" fill="none" opacity="0.55"/>`,
      );
    c.add(shine(x - w * 0.4, y - h * 0.3, w * 0.22, h * 0.12, -60, 0.3));
    c.add(`<path d="M${x} ${y + h * 0.62} l -8 12 M${x} ${y + h * 0.62} l 0 14 M${x} ${y + h * 0.62} l 8 12" stroke="#c9a27a" stroke-width="2"/>`);
  }
  return scene('Vegetables', c, { shadow: [240, 380, 160, 22] });
}

function carrots() {
  const c = canvas();
  const body = c.lin(['#ffa23a', '#e8680c'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  for (const [x, rot] of [
    [170, -18],
    [240, 0],
    [310, 18],
  ]) {
    c.add(`<g transform="rotate(${rot} ${x} 300)">`);
    for (const a of [-35, -15, 0, 15, 35]) c.add(leaf(x, 150, 85, -90 + a, '#4caf3a'));
    c.add(`<path d="M${x - 34} 150 Q ${x} 138, ${x + 34} 150 L ${x + 4} 410 Q ${x} 418, ${x - 4} 410 Z" fill="${body}"/>`);
    for (const y of [195, 240, 290, 335])
      c.add(`<path d="M${x - 22 + (y - 150) / 10} ${y} q 12 4, 20 0" stroke="#c5530a" stroke-width="3" fill="none" opacity="0.7"/>`);
    c.add(`</g>`);
  }
  return scene('Vegetables', c, { shadow: [240, 415, 140, 18] });
}

function spinach() {
  const c = canvas();
  const rand = random(11);
  for (let i = 0; i < 9; i++) {
    const angle = -150 + i * 15 + (rand() - 0.5) * 8;
    const shade = ['#2f8a2b', '#3ba136', '#46b240', '#2a7a26'][i % 4];
    c.add(
      `<path d="M240 390 L ${240 + Math.cos((angle * Math.PI) / 180) * 100} ${390 + Math.sin((angle * Math.PI) / 180) * 100}" stroke="#6cbf4c" stroke-width="6"/>`,
    );
    c.add(leaf(240 + Math.cos((angle * Math.PI) / 180) * 95, 390 + Math.sin((angle * Math.PI) / 180) * 95, 130 + rand() * 30, angle, shade, '#b9e6a5'));
  }
  c.add(`<rect x="222" y="350" width="36" height="18" rx="5" fill="#d8342b"/>`);
  return scene('Vegetables', c, { shadow: [240, 400, 90, 14] });
}

function cauliflower() {
  const c = canvas();
  for (const a of [-160, -125, -55, -20]) c.add(leaf(240, 300, 170, a, '#3f9a3a', '#cfeec0'));
  const floret = c.rad('#fffdf2', '#e6dcb8');
  const rand = random(3);
  for (let i = 0; i < 26; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * 95;
    c.add(
      `<circle cx="${240 + Math.cos(a) * d * 1.2}" cy="${235 + Math.sin(a) * d * 0.75}" r="${30 + rand() * 12}" fill="${floret}" stroke="#d9cfa8" stroke-width="1.5"/>`,
    );
  }
  c.add(leaf(240, 330, 150, -175, '#4caf46', '#cfeec0'), leaf(240, 330, 150, -5, '#4caf46', '#cfeec0'));
  return scene('Vegetables', c, { shadow: [240, 385, 165, 22] });
}

function bhindi() {
  const c = canvas();
  const pod = c.lin(['#7fce5a', '#3d8f2a'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  for (const [x, rot] of [
    [150, -28],
    [200, -12],
    [250, 4],
    [300, 18],
    [345, 32],
  ]) {
    c.add(`<g transform="rotate(${rot} ${x} 260)">`);
    c.add(`<path d="M${x - 20} 150 Q ${x} 140, ${x + 20} 150 L ${x + 3} 400 Q ${x} 406, ${x - 3} 400 Z" fill="${pod}"/>`);
    c.add(`<path d="M${x - 7} 160 L ${x - 1} 390 M${x + 7} 160 L ${x + 1} 390" stroke="#2f7420" stroke-width="2" opacity="0.6"/>`);
    c.add(`<path d="M${x - 16} 150 Q ${x} 128, ${x + 16} 150 Z" fill="#2f6e1e"/><rect x="${x - 4}" y="118" width="8" height="20" rx="3" fill="#6b8e3a"/>`);
    c.add(`</g>`);
  }
  return scene('Vegetables', c, { shadow: [245, 410, 150, 18] });
}

function bananas() {
  const c = canvas();
  const peel = c.lin(['#ffe36b', '#f2b705'], { x1: 0, y1: 0, x2: 0, y2: 1 });
  for (const [dy, rot] of [
    [40, 8],
    [0, 0],
    [-40, -8],
  ]) {
    c.add(`<g transform="translate(0 ${dy}) rotate(${rot} 240 260)">`);
    c.add(`<path d="M110 200 C 150 330, 330 340, 390 215 C 370 300, 160 320, 110 200 Z" fill="${peel}" stroke="#c79206" stroke-width="2.5"/>`);
    c.add(`<path d="M120 212 C 180 300, 320 300, 380 225" stroke="#fff5b8" stroke-width="5" fill="none" opacity="0.6"/>`);
    c.add(`<circle cx="389" cy="216" r="6" fill="#5b3d12"/>`);
    c.add(`</g>`);
  }
  c.add(`<path d="M100 215 l -22 -35 l 18 -6 l 20 34 Z" fill="#7a8d2a"/>`);
  return scene('Fruits', c, { shadow: [250, 375, 160, 20] });
}

function apple(c, x, y, r) {
  const red = c.rad('#ff6b5a', '#b3121d');
  c.add(
    `<path d="M${x} ${y - r * 0.72} C ${x + r * 0.5} ${y - r * 1.05}, ${x + r * 1.1} ${y - r * 0.6}, ${x + r * 0.98} ${y + r * 0.05} C ${x + r * 0.9} ${y + r * 0.75}, ${x + r * 0.35} ${y + r * 1.02}, ${x} ${y + r * 0.86} C ${x - r * 0.35} ${y + r * 1.02}, ${x - r * 0.9} ${y + r * 0.75}, ${x - r * 0.98} ${y + r * 0.05} C ${x - r * 1.1} ${y - r * 0.6}, ${x - r * 0.5} ${y - r * 1.05}, ${x} ${y - r * 0.72} Z" fill="${red}"/>`,
  );
  c.add(shine(x - r * 0.45, y - r * 0.3, r * 0.22, r * 0.12, -50, 0.45));
  c.add(`<path d="M${x} ${y - r * 0.7} q 4 -${r * 0.35}, 14 -${r * 0.45}" stroke="#5a3a1a" stroke-width="6" fill="none" stroke-linecap="round"/>`);
  c.add(leaf(x + 10, y - r * 0.95, r * 0.55, -25, '#4caf3a'));
}

function apples() {
  const c = canvas();
  apple(c, 170, 285, 95);
  apple(c, 315, 295, 88);
  return scene('Fruits', c, { shadow: [240, 385, 170, 22] });
}

function applesCut() {
  const c = canvas();
  apple(c, 175, 275, 105);
  const flesh = c.rad('#fffbe6', '#f3e3a8', { cx: 0.5, cy: 0.5 });
  c.add(
    `<path d="M320 190 C 390 175, 410 250, 400 300 C 390 360, 345 385, 320 370 C 295 385, 250 360, 240 300 C 230 250, 250 175, 320 190 Z" fill="#c8151f"/>`,
  );
  c.add(
    `<path d="M320 202 C 380 190, 396 252, 387 300 C 378 350, 342 370, 320 357 C 298 370, 262 350, 253 300 C 244 252, 260 190, 320 202 Z" fill="${flesh}"/>`,
  );
  c.add(`<path d="M320 250 q -18 40, 0 80 q 18 -40, 0 -80" fill="#f0dc9a" stroke="#d9c27a"/>`);
  c.add(`<ellipse cx="312" cy="285" rx="5" ry="9" fill="#4a2a10"/><ellipse cx="328" cy="290" rx="5" ry="9" fill="#4a2a10"/>`);
  return scene('Fruits', c, { shadow: [260, 390, 180, 22] });
}

function mangoes() {
  const c = canvas();
  const skin = c.rad('#ffd54a', '#f07b1a', { cx: 0.4, cy: 0.3 });
  for (const [x, y, rot] of [
    [185, 285, -25],
    [300, 290, 20],
  ]) {
    c.add(`<g transform="rotate(${rot} ${x} ${y})">`);
    c.add(
      `<path d="M${x} ${y - 110} C ${x + 85} ${y - 110}, ${x + 95} ${y + 20}, ${x + 40} ${y + 85} C ${x} ${y + 125}, ${x - 85} ${y + 90}, ${x - 80} ${y} C ${x - 78} ${y - 70}, ${x - 45} ${y - 110}, ${x} ${y - 110} Z" fill="${skin}"/>`,
    );
    c.add(shine(x - 35, y - 45, 22, 10, -60, 0.45));
    c.add(`<rect x="${x - 3}" y="${y - 126}" width="7" height="20" rx="3" fill="#5a3a1a"/>`, leaf(x + 2, y - 118, 60, -20, '#3f9a3a'));
    c.add(`</g>`);
  }
  return scene('Fruits', c, { shadow: [245, 390, 165, 22] });
}

function oranges() {
  const c = canvas();
  const peel = c.rad('#ffb347', '#e86a0a');
  const rand = random(5);
  for (const [x, y, r] of [
    [170, 280, 90],
    [250, 215, 70],
  ]) {
    c.add(`<circle cx="${x}" cy="${y}" r="${r}" fill="${peel}"/>`);
    for (let i = 0; i < 22; i++)
      c.add(`<circle cx="${x + (rand() - 0.5) * r * 1.5}" cy="${y + (rand() - 0.5) * r * 1.5}" r="1.8" fill="#c75a08" opacity="0.5"/>`);
    c.add(shine(x - r * 0.4, y - r * 0.4, r * 0.25, r * 0.12, -40, 0.4));
    c.add(leaf(x + 4, y - r + 4, r * 0.6, -35, '#3f9a3a'));
  }
  c.add(`<circle cx="320" cy="310" r="82" fill="#f28a1a"/><circle cx="320" cy="310" r="72" fill="#fff3d6"/>`);
  for (let i = 0; i < 10; i++) {
    const a1 = (Math.PI * 2 * i) / 10 + 0.04;
    const a2 = (Math.PI * 2 * (i + 1)) / 10 - 0.04;
    c.add(
      `<path d="M320 310 L ${320 + Math.cos(a1) * 64} ${310 + Math.sin(a1) * 64} A 64 64 0 0 1 ${320 + Math.cos(a2) * 64} ${310 + Math.sin(a2) * 64} Z" fill="#ffa726"/>`,
    );
  }
  c.add(`<circle cx="320" cy="310" r="6" fill="#fff3d6"/>`);
  return scene('Fruits', c, { shadow: [245, 390, 170, 22] });
}

function greenGrapes() {
  const c = canvas();
  const berry = c.rad('#e4f7a6', '#8cbf3a');
  const rows = [6, 5, 5, 4, 3, 2, 1];
  rows.forEach((n, row) => {
    for (let i = 0; i < n; i++) {
      const x = 240 + (i - (n - 1) / 2) * 44;
      const y = 150 + row * 38;
      c.add(`<circle cx="${x}" cy="${y}" r="27" fill="${berry}" stroke="#7aa632" stroke-width="1.5"/>`, shine(x - 9, y - 9, 7, 4, -40, 0.6));
    }
  });
  c.add(`<path d="M240 120 q 10 -30, 0 -50" stroke="#6b4a24" stroke-width="8" fill="none" stroke-linecap="round"/>`, leaf(245, 95, 95, -15, '#4caf3a'));
  return scene('Fruits', c, { shadow: [240, 405, 110, 16] });
}

function pomegranate() {
  const c = canvas();
  const skin = c.rad('#f0556a', '#9c0f25');
  c.add(`<circle cx="185" cy="265" r="105" fill="${skin}"/>`, shine(145, 220, 28, 13, -40, 0.35));
  c.add(`<path d="M160 168 l 8 -30 l 10 18 l 8 -22 l 8 22 l 10 -18 l 8 30 Z" fill="#8e0e22"/>`);
  c.add(`<circle cx="325" cy="305" r="85" fill="#b3132c"/><circle cx="325" cy="305" r="74" fill="#fde8d0"/>`);
  const rand = random(9);
  for (let i = 0; i < 55; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * 62;
    c.add(
      `<ellipse cx="${325 + Math.cos(a) * d}" cy="${305 + Math.sin(a) * d}" rx="7" ry="9" transform="rotate(${rand() * 180} ${325 + Math.cos(a) * d} ${305 + Math.sin(a) * d})" fill="#d7192f"/>`,
    );
  }
  return scene('Fruits', c, { shadow: [250, 390, 175, 22] });
}

function watermelon() {
  const c = canvas();
  const rind = c.lin(['#5fb548', '#2e7d32']);
  c.add(`<ellipse cx="210" cy="250" rx="150" ry="115" fill="${rind}"/>`);
  for (const dx of [-100, -55, -10, 35, 80])
    c.add(`<path d="M${210 + dx} 140 Q ${210 + dx * 1.25} 250, ${210 + dx} 362" stroke="#1b5e20" stroke-width="14" fill="none" opacity="0.7"/>`);
  c.add(shine(140, 185, 40, 16, -25, 0.25));
  c.add(
    `<path d="M250 330 L 410 330 L 330 200 Z" fill="#2e7d32"/><path d="M262 322 L 398 322 L 330 212 Z" fill="#f4f9e8"/><path d="M272 316 L 388 316 L 330 222 Z" fill="#ef3b4a"/>`,
  );
  for (const [x, y] of [
    [310, 290],
    [335, 275],
    [355, 300],
    [325, 305],
    [330, 250],
  ])
    c.add(`<ellipse cx="${x}" cy="${y}" rx="3.5" ry="6" fill="#2b1b10"/>`);
  return scene('Fruits', c, { shadow: [245, 375, 185, 22] });
}

// ---------------------------------------------------------------------------------------------
// Drinks

function bottle({ liquid, label, cap, icon = '' }) {
  const c = canvas();
  const body = c.lin([liquid[0], liquid[1], liquid[0]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<rect x="222" y="58" width="36" height="26" rx="5" fill="${cap}"/>`);
  c.add(
    `<path d="M226 84 L 254 84 L 256 120 C 300 150, 300 175, 300 200 L 300 385 Q 300 412, 272 412 L 208 412 Q 180 412, 180 385 L 180 200 C 180 175, 180 150, 224 120 Z" fill="${body}" stroke="rgba(0,0,0,0.15)" stroke-width="2"/>`,
  );
  c.add(`<rect x="180" y="245" width="120" height="90" fill="${label}"/>`, icon);
  c.add(`<rect x="198" y="140" width="14" height="250" rx="7" fill="#fff" opacity="0.25"/>`);
  return c;
}

function classicCola() {
  const c = bottle({
    liquid: ['#3b1a0e', '#6b3217'],
    label: '#d81f26',
    cap: '#c4161c',
    icon: '<path d="M190 300 C 220 270, 260 320, 290 285" stroke="#fff" stroke-width="7" fill="none"/>',
  });
  return scene('Drinks', c, { shadow: [240, 412, 80, 12] });
}
function lemonSoda() {
  const c = bottle({
    liquid: ['#9ed86a', '#d7f3b0'],
    label: '#fde14a',
    cap: '#2e8b3a',
    icon: '<circle cx="240" cy="290" r="30" fill="#f4c20d"/><circle cx="240" cy="290" r="24" fill="#fff59a"/><path d="M240 266 V314 M216 290 H264 M223 273 L257 307 M257 273 L223 307" stroke="#f4c20d" stroke-width="3"/>',
  });
  return scene('Drinks', c, { shadow: [240, 412, 80, 12] });
}
function mangoDrink() {
  const c = bottle({
    liquid: ['#f59e0b', '#ffd166'],
    label: '#2f9e44',
    cap: '#f2f2f2',
    icon: '<path d="M240 258 C 272 258, 276 300, 258 318 C 244 332, 212 322, 214 292 C 215 270, 226 258, 240 258 Z" fill="#ffb703"/><path d="M240 258 q 12 -10, 24 -6" stroke="#1b5e20" stroke-width="5" fill="none"/>',
  });
  return scene('Drinks', c, { shadow: [240, 412, 80, 12] });
}

function carton({ category, main, top, band, icon }) {
  const c = canvas();
  const side = c.lin([main, shade(main, -0.12)], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<path d="M170 150 L 240 95 L 310 150 Z" fill="${top}"/><rect x="228" y="72" width="24" height="26" fill="${top}"/>`);
  c.add(
    `<rect x="170" y="150" width="140" height="260" fill="${side}"/>`,
    `<path d="M310 150 L 340 135 L 340 395 L 310 410 Z" fill="${shade(main, -0.25)}"/>`,
    `<path d="M310 150 L 340 135 L 270 80 L 240 95 Z" fill="${shade(top, -0.15)}"/>`,
  );
  c.add(`<rect x="170" y="215" width="140" height="40" fill="${band}"/>`, icon);
  return scene(category, c, { shadow: [255, 410, 110, 14] });
}

/** Lightens (positive) or darkens (negative) a #rrggbb colour. */
function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v) => Math.max(0, Math.min(255, Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)));
  return `#${[n >> 16, (n >> 8) & 255, n & 255].map((v) => channel(v).toString(16).padStart(2, '0')).join('')}`;
}

function orangeJuice() {
  return carton({
    category: 'Drinks',
    main: '#ff9f1c',
    top: '#fff3e0',
    band: '#2f9e44',
    icon: '<circle cx="240" cy="330" r="45" fill="#fff3d6"/><circle cx="240" cy="330" r="38" fill="#ffb703"/><path d="M240 292 V368 M202 330 H278 M213 303 L267 357 M267 303 L213 357" stroke="#fff3d6" stroke-width="3"/>',
  });
}

function tonedMilk() {
  return carton({
    category: 'Dairy',
    main: '#f4f8ff',
    top: '#1e6fd9',
    band: '#1e6fd9',
    icon: '<path d="M240 285 C 262 315, 272 332, 272 348 A 32 32 0 0 1 208 348 C 208 332, 218 315, 240 285 Z" fill="#9cc3f5"/>',
  });
}

function coconutWater() {
  const c = canvas();
  const side = c.lin(['#e7f6df', '#c8e6b8'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<rect x="250" y="70" width="10" height="90" rx="3" fill="#f2f2f2" transform="rotate(12 255 115)"/>`);
  c.add(`<rect x="170" y="140" width="140" height="270" rx="6" fill="${side}" stroke="#9bc98a" stroke-width="2"/>`);
  c.add(`<path d="M310 146 L 336 132 L 336 398 L 310 410 Z" fill="#a9d394"/><path d="M176 140 L 204 126 L 336 126 L 310 140 Z" fill="#dff0d5"/>`);
  c.add(`<circle cx="240" cy="290" r="55" fill="#5d4037"/><circle cx="240" cy="290" r="45" fill="#fafafa"/><circle cx="240" cy="290" r="30" fill="#e3f2fd"/>`);
  c.add(leaf(190, 210, 70, -30, '#43a047'), leaf(290, 210, 70, -150, '#43a047'));
  return scene('Drinks', c, { shadow: [255, 410, 110, 14] });
}

function coldCoffee() {
  const c = canvas();
  const metal = c.lin(['#d7ccc8', '#f5f5f5', '#bcaaa4'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const body = c.lin(['#4e342e', '#8d6e63', '#4e342e'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(
    `<ellipse cx="240" cy="120" rx="72" ry="16" fill="${metal}"/><rect x="168" y="120" width="144" height="270" fill="${body}"/><ellipse cx="240" cy="390" rx="72" ry="16" fill="#3e2723"/>`,
  );
  c.add(`<rect x="168" y="120" width="144" height="18" fill="${metal}"/><rect x="168" y="372" width="144" height="18" fill="${metal}"/>`);
  c.add(`<rect x="168" y="200" width="144" height="110" fill="#efebe9"/>`);
  c.add(
    `<ellipse cx="240" cy="255" rx="22" ry="32" fill="#6d4c41" transform="rotate(25 240 255)"/><path d="M228 232 Q 244 255, 232 280" stroke="#efebe9" stroke-width="4" fill="none"/>`,
  );
  c.add(`<rect x="190" y="140" width="12" height="230" rx="6" fill="#fff" opacity="0.2"/>`);
  return scene('Drinks', c, { shadow: [240, 395, 90, 14] });
}

// ---------------------------------------------------------------------------------------------
// Instant food

function packet({ category = 'Instant', main, accent, icon }) {
  const c = canvas();
  const fill = c.lin([shade(main, 0.15), main, shade(main, -0.12)], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const zig = (y, dir) => Array.from({ length: 13 }, (_, i) => `${130 + i * 18.33},${y + (i % 2 ? dir * 8 : 0)}`).join(' ');
  c.add(
    `<polygon points="${zig(110, -1)} 350,130 130,130" fill="${shade(main, -0.2)}"/><polygon points="${zig(390, 1)} 350,370 130,370" fill="${shade(main, -0.2)}"/>`,
  );
  c.add(`<path d="M130 128 Q 240 110, 350 128 Q 362 250, 350 372 Q 240 390, 130 372 Q 118 250, 130 128 Z" fill="${fill}"/>`);
  c.add(`<path d="M130 170 Q 240 155, 350 170 L 350 210 Q 240 195, 130 210 Z" fill="${accent}"/>`, icon);
  c.add(`<rect x="150" y="140" width="12" height="220" rx="6" fill="#fff" opacity="0.2"/>`);
  return scene(category, c, { shadow: [240, 395, 130, 16] });
}

const bowlIcon = (food, y = 300) =>
  `<path d="M180 ${y} A 60 45 0 0 0 300 ${y} Z" fill="#fff"/><ellipse cx="240" cy="${y}" rx="60" ry="12" fill="${food}"/><path d="M186 ${y + 8} A 56 40 0 0 0 294 ${y + 8}" fill="none" stroke="#e0e0e0" stroke-width="3"/>`;

function masalaNoodles() {
  const noodles = Array.from(
    { length: 5 },
    (_, i) => `<path d="M195 ${292 - i * 6} q 11 -12, 22 0 t 22 0 t 22 0 t 22 0" stroke="#ffd54f" stroke-width="4" fill="none"/>`,
  ).join('');
  return packet({
    main: '#ffcc00',
    accent: '#d62828',
    icon: `${bowlIcon('#f4a300', 305)}${noodles}<path d="M262 250 l 40 -40 M270 256 l 40 -40" stroke="#8d6e63" stroke-width="5"/>`,
  });
}
function instantPoha() {
  const rand = random(21);
  const flakes = Array.from({ length: 22 }, () => `<ellipse cx="${205 + rand() * 70}" cy="${286 + rand() * 12}" rx="5" ry="2.5" fill="#fff59d"/>`).join('');
  const peas = Array.from({ length: 6 }, () => `<circle cx="${205 + rand() * 70}" cy="${284 + rand() * 12}" r="3.5" fill="#43a047"/>`).join('');
  return packet({ main: '#66bb6a', accent: '#fdd835', icon: `${bowlIcon('#fbc02d', 300)}${flakes}${peas}` });
}
function tomatoSoup() {
  return packet({
    main: '#e53935',
    accent: '#fff3e0',
    icon: `${bowlIcon('#d84315', 305)}<path d="M215 270 q 6 -14, 0 -28 M240 270 q 6 -14, 0 -28 M265 270 q 6 -14, 0 -28" stroke="#fff" stroke-width="4" fill="none" opacity="0.8"/><circle cx="300" cy="250" r="22" fill="#ff7043"/><polygon points="300,226 306,236 296,236" fill="#388e3c"/>`,
  });
}

function cupNoodles() {
  const c = canvas();
  const cup = c.lin(['#f5f5f5', '#ffffff', '#e0e0e0'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<path d="M160 150 L 320 150 L 296 400 Q 240 412, 184 400 Z" fill="${cup}" stroke="#d0d0d0" stroke-width="2"/>`);
  c.add(`<path d="M166 215 L 314 215 L 305 300 L 175 300 Z" fill="#e53935"/>`);
  c.add(`<path d="M190 258 q 10 -12, 20 0 t 20 0 t 20 0 t 20 0 t 20 0" stroke="#ffd54f" stroke-width="5" fill="none"/>`);
  c.add(`<ellipse cx="240" cy="150" rx="86" ry="18" fill="#c62828"/><ellipse cx="240" cy="146" rx="80" ry="13" fill="#e53935"/>`);
  c.add(`<path d="M318 140 q 18 4, 22 20" stroke="#c62828" stroke-width="8" fill="none" stroke-linecap="round"/>`);
  return scene('Instant', c, { shadow: [240, 405, 90, 12] });
}

function pouch({ main, window, icon, category = 'Instant' }) {
  const c = canvas();
  const fill = c.lin([shade(main, 0.12), main, shade(main, -0.15)], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<path d="M160 110 L 320 110 L 326 370 Q 330 405, 300 405 L 180 405 Q 150 405, 154 370 Z" fill="${fill}"/>`);
  c.add(`<rect x="160" y="110" width="160" height="22" fill="${shade(main, -0.25)}"/><circle cx="300" cy="121" r="5" fill="#fff" opacity="0.7"/>`);
  c.add(`<rect x="186" y="230" width="108" height="120" rx="16" fill="${window}"/>`, icon);
  return scene(category, c, { shadow: [240, 405, 110, 14] });
}
function dalMakhani() {
  return pouch({
    main: '#6d2f1a',
    window: '#fff3e0',
    icon: `${bowlIcon('#7b3f1e', 300)}<path d="M222 292 q 18 -8, 36 0" stroke="#fff8e1" stroke-width="5" fill="none"/><circle cx="262" cy="296" r="4" fill="#43a047"/>`,
  });
}
function upmaMix() {
  const rand = random(33);
  const bits = Array.from(
    { length: 12 },
    () => `<circle cx="${210 + rand() * 60}" cy="${290 + rand() * 10}" r="3" fill="${rand() > 0.5 ? '#2e7d32' : '#e65100'}"/>`,
  ).join('');
  return pouch({ main: '#ef6c00', window: '#fffde7', icon: `${bowlIcon('#fff59d', 300)}${bits}` });
}

// ---------------------------------------------------------------------------------------------
// Dairy

function saltedButter() {
  const c = canvas();
  c.add(
    `<path d="M120 250 L 300 220 L 380 265 L 200 300 Z" fill="#fff8c4"/><path d="M120 250 L 200 300 L 200 380 L 120 330 Z" fill="#f5d76e"/><path d="M200 300 L 380 265 L 380 345 L 200 380 Z" fill="#f9e27d"/>`,
  );
  c.add(`<path d="M200 300 L 290 282 L 290 362 L 200 380 Z" fill="#1565c0"/><path d="M290 282 L 380 265 L 380 345 L 290 362 Z" fill="#fafafa"/>`);
  c.add(
    `<path d="M150 180 L 250 160 L 300 190 L 200 210 Z" fill="#ffe97a"/><path d="M150 180 L 200 210 L 200 245 L 150 215 Z" fill="#f2cf4a"/><path d="M200 210 L 300 190 L 300 225 L 200 245 Z" fill="#f7dc62"/>`,
  );
  return scene('Dairy', c, { shadow: [250, 370, 150, 22] });
}

function cube(x, y, s, top, left, right) {
  return `<path d="M${x} ${y} L ${x + s} ${y - s * 0.45} L ${x + 2 * s} ${y} L ${x + s} ${y + s * 0.45} Z" fill="${top}"/><path d="M${x} ${y} L ${x + s} ${y + s * 0.45} L ${x + s} ${y + s * 1.45} L ${x} ${y + s} Z" fill="${left}"/><path d="M${x + s} ${y + s * 0.45} L ${x + 2 * s} ${y} L ${x + 2 * s} ${y + s} L ${x + s} ${y + s * 1.45} Z" fill="${right}"/>`;
}
function freshPaneer() {
  const c = canvas();
  c.add(
    cube(110, 250, 90, '#fffef5', '#ece6cc', '#f6f1dd'),
    cube(250, 270, 70, '#fffef5', '#ece6cc', '#f6f1dd'),
    cube(220, 170, 60, '#fffef5', '#ece6cc', '#f6f1dd'),
  );
  c.add(leaf(360, 220, 60, -140, '#43a047'), leaf(370, 230, 50, -100, '#66bb6a'));
  return scene('Dairy', c, { shadow: [240, 395, 160, 20] });
}

function setCurd() {
  const c = canvas();
  const tub = c.lin(['#e3eaf5', '#ffffff', '#d5deec'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<path d="M140 190 L 340 190 L 318 390 Q 240 404, 162 390 Z" fill="${tub}" stroke="#c5d0e0" stroke-width="2"/>`);
  c.add(`<path d="M150 255 L 330 255 L 322 330 L 158 330 Z" fill="#1976d2"/><path d="M196 305 C 220 270, 260 270, 284 305" fill="#fff" opacity="0.9"/>`);
  c.add(`<ellipse cx="240" cy="190" rx="104" ry="24" fill="#1565c0"/><ellipse cx="240" cy="184" rx="98" ry="18" fill="#1e88e5"/>`);
  c.add(`<ellipse cx="370" cy="380" rx="40" ry="12" fill="#fff"/><path d="M338 372 q 30 -30, 64 0" fill="#fffdf7"/>`);
  return scene('Dairy', c, { shadow: [250, 395, 130, 14] });
}

function cheeseSlices() {
  const c = canvas();
  for (let i = 0; i < 6; i++) {
    const y = 330 - i * 16;
    c.add(`<path d="M130 ${y} L 250 ${y - 45} L 370 ${y} L 250 ${y + 45} Z" fill="${i % 2 ? '#ffca28' : '#ffd54f'}" stroke="#f0a800" stroke-width="1.5"/>`);
  }
  const rand = random(13);
  for (let i = 0; i < 6; i++)
    c.add(`<ellipse cx="${190 + rand() * 120}" cy="${230 + (rand() - 0.5) * 40}" rx="${8 + rand() * 6}" ry="${5 + rand() * 3}" fill="#f0a800" opacity="0.7"/>`);
  c.add(`<path d="M130 250 L 250 205 L 370 250 L 250 295 Z" fill="#e3f2fd" opacity="0.35"/>`);
  return scene('Dairy', c, { shadow: [250, 390, 150, 20] });
}

function jar({ category, glass, contents, lid, label, icon = '' }) {
  const c = canvas();
  const body = c.lin([shade(contents, -0.1), shade(contents, 0.2), shade(contents, -0.1)], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<rect x="165" y="150" width="150" height="250" rx="30" fill="${glass}" stroke="rgba(0,0,0,0.12)" stroke-width="2"/>`);
  c.add(`<rect x="172" y="180" width="136" height="213" rx="26" fill="${body}"/>`);
  c.add(`<rect x="175" y="112" width="130" height="44" rx="10" fill="${lid}"/><rect x="175" y="140" width="130" height="6" fill="rgba(0,0,0,0.15)"/>`);
  c.add(`<rect x="172" y="240" width="136" height="90" fill="${label}"/>`, icon);
  c.add(`<rect x="186" y="170" width="12" height="210" rx="6" fill="#fff" opacity="0.3"/>`);
  return scene(category, c, { shadow: [240, 400, 95, 13] });
}
function cowGhee() {
  return jar({
    category: 'Dairy',
    glass: '#fff8e1',
    contents: '#f9c74f',
    lid: '#c62828',
    label: '#2e7d32',
    icon: '<path d="M240 262 C 256 282, 262 294, 262 304 A 22 22 0 0 1 218 304 C 218 294, 224 282, 240 262 Z" fill="#ffe082"/>',
  });
}
function rolledOats() {
  const rand = random(44);
  const flakes = Array.from({ length: 30 }, () => {
    const x = 185 + rand() * 110;
    const y = 190 + rand() * 195;
    return y > 235 && y < 335
      ? ''
      : `<ellipse cx="${x}" cy="${y}" rx="9" ry="6" transform="rotate(${rand() * 180} ${x} ${y})" fill="#f3e1b6" stroke="#caa86a"/>`;
  }).join('');
  return jar({
    category: 'Grains',
    glass: '#f7f3ea',
    contents: '#e8d3a2',
    lid: '#6d4c41',
    label: '#f5f5f5',
    icon: `${flakes}<path d="M220 310 q 20 -60, 40 -60 q -10 40, -40 60" fill="#c9a227"/><path d="M240 258 L 240 318" stroke="#8d6e63" stroke-width="3"/>`,
  });
}

// ---------------------------------------------------------------------------------------------
// Bakery

function loaf({ crust, crumb }) {
  const c = canvas();
  const top = c.lin([shade(crust, 0.15), crust]);
  c.add(`<path d="M110 250 Q 100 175, 170 170 L 300 170 Q 370 175, 360 250 L 360 360 L 110 360 Z" fill="${top}"/>`);
  c.add(`<path d="M110 250 L 360 250 L 360 360 L 110 360 Z" fill="${shade(crust, -0.08)}"/>`);
  for (const x of [170, 220, 270, 320])
    c.add(`<path d="M${x - 12} 180 q 12 40, 0 70" stroke="${shade(crust, -0.2)}" stroke-width="3" fill="none" opacity="0.6"/>`);
  for (const [dx, rot] of [
    [0, -6],
    [28, 4],
  ]) {
    const x = 330 + dx;
    c.add(
      `<g transform="rotate(${rot} ${x} 330)"><path d="M${x - 60} 390 L ${x - 60} 255 Q ${x - 62} 205, ${x} 205 Q ${x + 62} 205, ${x + 60} 255 L ${x + 60} 390 Z" fill="${crust}"/><path d="M${x - 50} 382 L ${x - 50} 258 Q ${x - 52} 216, ${x} 216 Q ${x + 52} 216, ${x + 50} 258 L ${x + 50} 382 Z" fill="${crumb}"/></g>`,
    );
  }
  return scene('Bakery', c, { shadow: [255, 380, 170, 18] });
}
const brownBread = () => loaf({ crust: '#8d5524', crumb: '#d9a86c' });
const whiteBread = () => loaf({ crust: '#d9963f', crumb: '#fff4dc' });

function pavBuns() {
  const c = canvas();
  const bun = c.rad('#f6c177', '#c9772b', { cx: 0.45, cy: 0.3 });
  for (let row = 0; row < 2; row++)
    for (let i = 0; i < 3; i++) {
      const x = 160 + i * 80 + row * 12;
      const y = 220 + row * 80;
      c.add(
        `<path d="M${x - 48} ${y + 40} Q ${x - 52} ${y - 42}, ${x} ${y - 45} Q ${x + 52} ${y - 42}, ${x + 48} ${y + 40} Z" fill="${bun}" stroke="#b86a23" stroke-width="2"/>`,
        shine(x - 16, y - 22, 14, 6, -20, 0.3),
      );
    }
  return scene('Bakery', c, { shadow: [250, 365, 160, 18] });
}

function croissants() {
  const c = canvas();
  const dough = c.rad('#f7c873', '#c47a22');
  for (const [x, y, s, rot] of [
    [190, 220, 1, -10],
    [300, 310, 0.9, 12],
  ]) {
    c.add(`<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})">`);
    const segments = [
      [-95, 20, 28, 20],
      [-55, -8, 40, 34],
      [0, -18, 46, 44],
      [55, -8, 40, 34],
      [95, 20, 28, 20],
    ];
    for (const [sx, sy, rx, ry] of segments) c.add(`<ellipse cx="${sx}" cy="${sy}" rx="${rx}" ry="${ry}" fill="${dough}" stroke="#a8611a" stroke-width="2"/>`);
    c.add(shine(-10, -40, 18, 7, -10, 0.35));
    c.add('</g>');
  }
  return scene('Bakery', c, { shadow: [245, 385, 170, 20] });
}

function chocoMuffins() {
  const c = canvas();
  const cup = c.lin(['#e57373', '#c62828'], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const top = c.rad('#8d5a3b', '#4e2a16', { cx: 0.45, cy: 0.3 });
  for (const [x, y, s] of [
    [170, 300, 0.85],
    [300, 290, 1],
  ]) {
    c.add(`<g transform="translate(${x} ${y}) scale(${s})">`);
    c.add(`<path d="M-70 -10 L 70 -10 L 52 95 L -52 95 Z" fill="${cup}"/>`);
    for (let i = -5; i <= 5; i++) c.add(`<path d="M${i * 12.5} -10 L ${i * 9.5} 95" stroke="#b71c1c" stroke-width="2"/>`);
    c.add(`<path d="M-82 -5 Q -90 -95, 0 -100 Q 90 -95, 82 -5 Q 0 10, -82 -5 Z" fill="${top}"/>`);
    const rand = random(x);
    for (let i = 0; i < 10; i++) c.add(`<path d="M${(rand() - 0.5) * 130} ${-20 - rand() * 60} l 6 -9 l 6 9 Z" fill="#2b140a"/>`);
    c.add('</g>');
  }
  return scene('Bakery', c, { shadow: [240, 390, 150, 16] });
}

function rusk() {
  const c = canvas();
  const rand = random(17);
  for (const [x, y, rot] of [
    [150, 250, -12],
    [240, 240, -4],
    [330, 250, 6],
    [200, 320, 8],
    [290, 325, -6],
  ]) {
    c.add(
      `<g transform="rotate(${rot} ${x} ${y})"><rect x="${x - 40}" y="${y - 70}" width="80" height="140" rx="14" fill="#c8782b"/><rect x="${x - 32}" y="${y - 62}" width="64" height="124" rx="10" fill="#eab56b"/>`,
    );
    for (let i = 0; i < 8; i++) c.add(`<circle cx="${x + (rand() - 0.5) * 50}" cy="${y + (rand() - 0.5) * 110}" r="2.5" fill="#b5651d" opacity="0.8"/>`);
    c.add('</g>');
  }
  return scene('Bakery', c, { shadow: [245, 395, 160, 18] });
}

// ---------------------------------------------------------------------------------------------
// Grains

function sack({ main, band, icon }) {
  const c = canvas();
  const fill = c.lin([shade(main, 0.1), main, shade(main, -0.12)], { x1: 0, y1: 0, x2: 1, y2: 0 });
  c.add(`<path d="M150 130 Q 240 112, 330 130 L 352 380 Q 240 410, 128 380 Z" fill="${fill}"/>`);
  c.add(`<path d="M150 130 Q 240 112, 330 130 L 322 96 Q 240 84, 158 96 Z" fill="${shade(main, -0.2)}"/>`);
  c.add(`<path d="M140 190 Q 240 176, 340 190 L 344 240 Q 240 226, 136 240 Z" fill="${band}"/>`, icon);
  c.add(`<path d="M170 140 L 160 370" stroke="#fff" stroke-width="10" opacity="0.18" stroke-linecap="round"/>`);
  return scene('Grains', c, { shadow: [240, 395, 125, 16] });
}
function basmatiRice() {
  const rand = random(55);
  const grains = Array.from({ length: 26 }, () => {
    const x = 195 + rand() * 90;
    const y = 270 + rand() * 70;
    return `<ellipse cx="${x}" cy="${y}" rx="11" ry="3.5" transform="rotate(${rand() * 180} ${x} ${y})" fill="#fffdf5" stroke="#d8cfb5"/>`;
  }).join('');
  return sack({ main: '#f1f1e8', band: '#2e7d32', icon: `<ellipse cx="240" cy="305" rx="62" ry="48" fill="#c8e6c9"/>${grains}` });
}
function wheatAtta() {
  const ear = Array.from(
    { length: 6 },
    (_, i) =>
      `<ellipse cx="${232}" cy="${270 + i * 14}" rx="7" ry="11" transform="rotate(-25 232 ${270 + i * 14})" fill="#f9a825"/><ellipse cx="${248}" cy="${270 + i * 14}" rx="7" ry="11" transform="rotate(25 248 ${270 + i * 14})" fill="#f9a825"/>`,
  ).join('');
  return sack({
    main: '#ffe0b2',
    band: '#e65100',
    icon: `<path d="M240 260 L 240 370" stroke="#a1660a" stroke-width="4"/>${ear}<ellipse cx="240" cy="258" rx="6" ry="10" fill="#f9a825"/>`,
  });
}

function bowl({ food, piece, count, size, seed }) {
  const c = canvas();
  const wood = c.lin(['#a1663a', '#6d3f1c'], { x1: 0, y1: 0, x2: 1, y2: 1 });
  const rand = random(seed);
  c.add(`<ellipse cx="240" cy="255" rx="150" ry="40" fill="${food}"/>`);
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand());
    const x = 240 + Math.cos(a) * d * 140;
    const y = 235 + Math.sin(a) * d * 34 - (1 - d) * 45;
    c.add(`<ellipse cx="${x}" cy="${y}" rx="${size}" ry="${size * 0.8}" fill="${piece[i % piece.length]}" stroke="rgba(0,0,0,0.12)"/>`);
  }
  c.add(`<path d="M90 255 Q 92 380, 240 385 Q 388 380, 390 255 Q 240 300, 90 255 Z" fill="${wood}"/>`);
  c.add(`<path d="M120 300 Q 240 345, 360 300" stroke="#c48a55" stroke-width="4" fill="none" opacity="0.5"/>`);
  // A few pieces spilled beside the bowl.
  for (let i = 0; i < 7; i++)
    c.add(`<ellipse cx="${90 + rand() * 300}" cy="${395 + rand() * 25}" rx="${size}" ry="${size * 0.8}" fill="${piece[i % piece.length]}"/>`);
  return scene('Grains', c, { shadow: [240, 385, 160, 16] });
}
const toorDal = () => bowl({ food: '#f2b51b', piece: ['#f7c33b', '#f0a90f', '#fbd35a'], count: 240, size: 7, seed: 61 });
const moongDal = () => bowl({ food: '#f5d76e', piece: ['#f8e08e', '#efcf5a', '#fbe9a6'], count: 260, size: 6, seed: 62 });
const kabuliChana = () => bowl({ food: '#e6c590', piece: ['#ecd2a2', '#dcb477', '#f3ddb5'], count: 90, size: 13, seed: 63 });

function cornflakes() {
  const c = canvas();
  const front = c.lin(['#fbc02d', '#f57f17']);
  c.add(`<path d="M150 110 L 310 110 L 340 92 L 180 92 Z" fill="#ffe082"/><path d="M310 110 L 340 92 L 340 392 L 310 410 Z" fill="#e65100"/>`);
  c.add(`<rect x="150" y="110" width="160" height="300" fill="${front}"/>`);
  c.add(`<rect x="150" y="140" width="160" height="40" fill="#2e7d32"/>`);
  c.add(`<path d="M175 300 A 55 40 0 0 0 285 300 Z" fill="#fff"/>`);
  const rand = random(71);
  for (let i = 0; i < 14; i++) {
    const x = 185 + rand() * 90;
    const y = 270 + rand() * 28;
    c.add(`<path d="M${x} ${y} q 8 -10, 18 -2 q -2 12, -18 2 Z" fill="#ffb300" stroke="#e08e00"/>`);
  }
  c.add(
    `<path d="M250 240 C 280 210, 300 250, 270 262 C 255 268, 240 258, 250 240 Z" fill="#fff59d"/><path d="M232 250 q 6 -28, 30 -34" stroke="#fff" stroke-width="4" fill="none"/>`,
  );
  return scene('Grains', c, { shadow: [250, 410, 110, 14] });
}

// ---------------------------------------------------------------------------------------------

const DRAWINGS = {
  potatoes,
  tomatoes,
  'red-onions': redOnions,
  carrots,
  spinach,
  cauliflower,
  bhindi,
  bananas,
  apples,
  'apples-2': applesCut,
  'alphonso-mangoes': mangoes,
  oranges,
  'green-grapes': greenGrapes,
  pomegranate,
  watermelon,
  'classic-cola': classicCola,
  'lemon-soda': lemonSoda,
  'mango-drink': mangoDrink,
  'coconut-water': coconutWater,
  'cold-coffee': coldCoffee,
  'orange-juice': orangeJuice,
  'masala-noodles': masalaNoodles,
  'cup-noodles': cupNoodles,
  'instant-poha': instantPoha,
  'dal-makhani': dalMakhani,
  'tomato-soup': tomatoSoup,
  'upma-mix': upmaMix,
  'toned-milk': tonedMilk,
  'salted-butter': saltedButter,
  'fresh-paneer': freshPaneer,
  'set-curd': setCurd,
  'cheese-slices': cheeseSlices,
  'cow-ghee': cowGhee,
  'brown-bread': brownBread,
  'white-bread': whiteBread,
  'pav-buns': pavBuns,
  croissants,
  'choco-muffins': chocoMuffins,
  rusk,
  'basmati-rice': basmatiRice,
  'wheat-atta': wheatAtta,
  'toor-dal': toorDal,
  'rolled-oats': rolledOats,
  'moong-dal': moongDal,
  cornflakes,
  'kabuli-chana': kabuliChana,
};

const wanted = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [name, draw] of Object.entries(DRAWINGS)) {
  if (wanted.length && !wanted.includes(name)) continue;
  gradientCount = 0;
  const svg = draw();
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6 }).toBuffer();
  writeFileSync(join(OUT, `${name}.webp`), webp);
  total += webp.length;
  console.log(`${name}.webp  ${(webp.length / 1024).toFixed(1)} KB`);
}
console.log(`total ${(total / 1024).toFixed(1)} KB`);
