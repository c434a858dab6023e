import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const root = join(__dirname, '..', '..');

// The built server's front door hands each websocket to the app while socket.io's client sends its
// CONNECT the moment the app's 101 arrives: none of those may be read (and lost) by the front door.
// Before the fix, 2 or 3 runs in 4 left one socket of the 500 without an answer.
test('500 shoppers connect their websockets one after another through the front door, none left without an answer', () => {
  test.setTimeout(240_000);
  const result = spawnSync(process.execPath, [join(root, 'bench', 'front-door-sockets.mjs'), '500'], { cwd: root, encoding: 'utf8', timeout: 220_000 });
  expect(result.stdout.trim().split('\n').pop(), result.stderr).toBe('500 of 500 websockets connected through the front door');
  expect(result.status).toBe(0);
});
