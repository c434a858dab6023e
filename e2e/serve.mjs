// Starts the built app for the browser tests on a fresh embedded database (a new data folder each run).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data', 'e2e');
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
  stdio: 'inherit',
  env: { ...process.env, GREENCART_DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
