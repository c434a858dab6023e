#!/usr/bin/env node
// Builds the shop only when its sources changed since the last build (or a build output is missing),
// so `npm start` after a crash starts the built server at once instead of rebuilding for 20 s.
// `--force` builds whatever the sources say (the test runner), and still records the build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, '.data', 'build-stamp');
const outputs = ['domain/dist/index.js', 'backend/dist/main.js', 'frontend/dist/index.html'];
const sources = [
  'domain/src',
  'backend/src',
  'backend/seed',
  'frontend/src',
  'frontend/public',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'backend/tsconfig.json',
  'backend/tsconfig.build.json',
  'frontend/tsconfig.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = existsSync(stamp) && outputs.every((file) => existsSync(join(root, file))) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((source) => newest(join(root, source))));
const force = process.argv.includes('--force');
if (!force && built && changed <= built) {
  console.log('Build is up to date.');
  process.exit(0);
}
if (!force) console.log(built ? 'Sources changed since the last build: building...' : 'Building the shop (first start)...');
const started = new Date();
const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
mkdirSync(dirname(stamp), { recursive: true });
writeFileSync(stamp, started.toISOString() + '\n');
// Dated when the build began: a source saved during the build is newer, so the next start builds again.
utimesSync(stamp, started, started);
