#!/usr/bin/env node
// Builds FerretDB v1 (the embedded database used where no mongod is available) into .data/bin, once.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const launcher = join(root, 'backend', 'dist', 'database', 'embedded-database.js');
if (!existsSync(launcher) && spawnSync('npx', ['nest', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
const { buildFerret, ferretBinaryPath } = createRequire(import.meta.url)(launcher);
if (existsSync(ferretBinaryPath())) {
  console.log(`FerretDB already built: ${ferretBinaryPath()}`);
} else {
  buildFerret(console.log);
}
