#!/usr/bin/env node
// Runs every suite (unit, backend e2e, frontend unit, browser, production), one after another, each line of
// output marked with its suite, and prints one summary line: "N passed, N failed[, N skipped]". Exit code is
// non-zero if anything failed or a suite could not run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.data', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- backend frontend`
const npx = (args, env = {}) => ({ cmd: 'npx', args, env });
/** Playwright's JSON report. A test that passed only on a retry is flaky: counted as a failure, not a pass. */
const fromPlaywright = (file) => {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
};

const suites = [
  {
    // Pure backend code (money, lifecycle, roll-ups, search text, CSV, batching): no app boot, seconds.
    name: 'unit',
    run: npx(['jest', '--config', 'backend/test/jest-unit.config.js', '--json', `--outputFile=${join(reports, 'unit.json')}`]),
    read: (file) => fromJestLike(file),
  },
  {
    name: 'backend',
    run: npx(['jest', '--config', 'backend/test/jest-e2e.config.js', '--json', `--outputFile=${join(reports, 'backend.json')}`]),
    read: (file) => fromJestLike(file),
  },
  {
    name: 'frontend',
    run: npx(['vitest', 'run', '--root', 'frontend', '--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'frontend.json')}`]),
    read: (file) => fromJestLike(file),
  },
  {
    name: 'browser',
    // Always builds (and records the build, so `npm start` and the production suite find it up to date).
    before: () => run('build', 'node', ['scripts/build-if-changed.mjs', '--force']),
    run: npx(['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'browser.json') }),
    // Free ports of their own: a shop already running on 3100 or a stand-in on 3190 does not stop the suite.
    ports: async () => ({
      E2E_PORT: process.env.E2E_PORT ?? String(await freePort('127.0.0.1')),
      E2E_RAZORPAY_PORT: process.env.E2E_RAZORPAY_PORT ?? String(await freePort('127.0.0.1')),
    }),
    read: fromPlaywright,
  },
  {
    // The production build in production mode over http (127.0.0.1, 127.0.0.2, shop.greencart.test), and `npm start`'s life cycle.
    name: 'production',
    before: () => run('build', 'node', ['scripts/build-if-changed.mjs']),
    run: npx(['playwright', 'test', '-c', 'e2e/playwright.production.config.ts', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'production.json'),
    }),
    // Three ports in a row, free on 127.0.0.1, .2 and .3 (the config gives the shops base, base + 1, base + 2).
    ports: async () => ({ E2E_PRODUCTION_PORT: process.env.E2E_PRODUCTION_PORT ?? String(await freeRun(['127.0.0.1', '127.0.0.2', '127.0.0.3'])) }),
    read: fromPlaywright,
  },
].filter((s) => only.length === 0 || only.includes(s.name));

function fromJestLike(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A suite file that fails to load has no tests but counts as a failure.
  const brokenFiles = r.numRuntimeErrorTestSuites ?? 0;
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles, skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
}

/** A port the system gives for `host` now (listening on 0), closed again for the suite's server to take. */
function freePort(host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on at `host` now. */
function portFree(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A base port whose next ports are free too, one per host in order. */
async function freeRun(hosts) {
  for (let tries = 0; tries < 50; tries++) {
    const base = await freePort(hosts[0]);
    const rest = await Promise.all(hosts.slice(1).map((host, i) => portFree(base + i + 1, host)));
    if (rest.every(Boolean)) return base;
  }
  throw new Error(`no ${hosts.length} free ports in a row`);
}

/**
 * Runs `cmd`, its output line by line under `[label] `, and resolves to its exit code.
 * Standard input is closed: no suite waits for a keypress.
 */
function run(label, cmd, args, env = {}) {
  console.log(`\n[${label}] === ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    child.once('error', (error) => {
      console.log(`[${label}] could not start: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/** One suite: its preparation, its run on free ports, and the counts its report gives. */
async function runSuite(suite) {
  if (suite.before && (await suite.before()) !== 0) {
    return { line: `${suite.name}: could not prepare (build failed)`, counts: { passed: 0, failed: 1, skipped: 0 } };
  }
  const status = await run(suite.name, suite.run.cmd, suite.run.args, { ...suite.run.env, ...(suite.ports ? await suite.ports() : {}) });
  const file = join(reports, `${suite.name}.json`);
  let counts;
  try {
    counts = existsSync(file) ? suite.read(file) : undefined;
  } catch {
    counts = undefined;
  }
  if (!counts) counts = { passed: 0, failed: 1, skipped: 0 }; // the runner crashed before reporting
  if (status !== 0 && counts.failed === 0) counts.failed = 1; // e.g. a global setup failure
  return { line: `${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`, counts };
}

/*
 * One suite after another. Side by side was measured and was slower (fresh CI 1,255 s with the backend suites
 * beside the browser suites, 1,292 s with the browser suite beside unit, frontend and production): every suite
 * keeps the two cores busy on its own (the browser suite's Chromium renderers too), and two at once mostly add
 * the cost of polling waits on a busy machine.
 */
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
for (const suite of suites) {
  const { line, counts } = await runSuite(suite);
  lines.push(line);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}

console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
