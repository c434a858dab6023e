#!/usr/bin/env node
// Builds FerretDB v1 (the embedded database used where no mongod is available) with GreenCart's patches
// (backend/ferretdb-patches/*.patch) into .data/bin, once per patch set, and prints the binary's path on
// stdout (progress goes to stderr). A patch that does not apply stops it, naming the patch.
//
//   node scripts/ferretdb-build.mjs                 our build (what the app and the suites run)
//   node scripts/ferretdb-build.mjs --unpatched     FerretDB as released, to show what the patches fix:
//     FERRETDB_BIN=$(node scripts/ferretdb-build.mjs --unpatched) npx jest --config backend/test/jest-e2e.config.js backend/test/ferretdb-pool.e2e-spec.ts
//   node scripts/ferretdb-build.mjs --without=0003  every patch but those whose names start so (comma-separated)
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { buildFerret, ferretBinaryPath, ferretPatches } = loadBinaryModule();

const args = process.argv.slice(2);
const without =
  args
    .find((a) => a.startsWith('--without='))
    ?.slice('--without='.length)
    .split(',') ?? [];
const unknown = args.filter((a) => a !== '--unpatched' && !a.startsWith('--without='));
if (unknown.length) {
  console.error(`unknown arguments: ${unknown.join(' ')} (see the head of ${fileURLToPath(import.meta.url)})`);
  process.exit(2);
}
const all = ferretPatches();
for (const prefix of without) {
  if (!all.some((p) => p.name.startsWith(prefix))) {
    console.error(`--without=${prefix}: no patch of that name in backend/ferretdb-patches`);
    process.exit(2);
  }
}
const patches = args.includes('--unpatched') ? [] : all.filter((p) => !without.some((prefix) => p.name.startsWith(prefix)));

try {
  const binary = ferretBinaryPath(patches);
  if (existsSync(binary)) console.error(`FerretDB already built: ${binary}`);
  else buildFerret((m) => console.error(m), patches);
  console.log(binary);
} catch (error) {
  console.error(`FerretDB build failed: ${error.message}`);
  process.exit(1);
}

/**
 * The TypeScript source through @swc/core (as the suites compile it), so that a stale backend/dist is
 * never taken for it; without the dev dependencies, the compiled app (built if missing).
 */
function loadBinaryModule() {
  const require = createRequire(import.meta.url);
  try {
    require.resolve('@swc/core');
    require(join(root, 'backend', 'test', 'support', 'swc-require-hook.cjs'));
    return require(join(root, 'backend', 'src', 'database', 'ferretdb-binary.ts'));
  } catch (error) {
    if (error.code !== 'MODULE_NOT_FOUND') throw error;
  }
  const compiled = join(root, 'backend', 'dist', 'database', 'ferretdb-binary.js');
  if (!existsSync(compiled) && spawnSync('npx', ['nest', 'build'], { cwd: root, stdio: ['ignore', 2, 2] }).status !== 0) process.exit(1);
  return require(compiled);
}
