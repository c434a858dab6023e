import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REPO_ROOT } from './repo-root';

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

/** GreenCart's fixes to FerretDB: one unified diff each against the module source; its README.md says why. */
export const FERRETDB_PATCHES_DIR = join(REPO_ROOT, 'backend', 'ferretdb-patches');

export interface FerretPatch {
  /** The file's name, e.g. `0002-update-reads-before-writing.patch`. */
  name: string;
  path: string;
}

/** The patch files, in the order they are applied (by name). */
export function ferretPatches(): FerretPatch[] {
  if (!existsSync(FERRETDB_PATCHES_DIR)) throw new Error(`FerretDB's patches are missing: no folder ${FERRETDB_PATCHES_DIR}`);
  return readdirSync(FERRETDB_PATCHES_DIR)
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .map((name) => ({ name, path: join(FERRETDB_PATCHES_DIR, name) }));
}

/** A short hash of a patch set (names and contents): a changed set gets a binary of another name. */
export function patchSetHash(patches: FerretPatch[]): string {
  const hash = createHash('sha256');
  for (const patch of patches) hash.update(patch.name).update('\0').update(readFileSync(patch.path)).update('\0');
  return hash.digest('hex').slice(0, 10);
}

/**
 * Where our build of FerretDB with `patches` (all of them unless told) lives. Its name carries the
 * patch set's hash, so that a binary built before a patch changed is not taken for it: it is built once anew.
 */
export function ferretBinaryPath(patches: FerretPatch[] = ferretPatches()): string {
  const set = patches.length ? patchSetHash(patches) : 'unpatched';
  return join(REPO_ROOT, '.data', 'bin', `ferretdb-${FERRETDB_VERSION}-${set}`);
}

/**
 * The binary to run: the one FERRETDB_BIN names (with a warning: it may lack our fixes), else our
 * build, built now if missing. A `ferretdb` on the PATH is not used unless FERRETDB_BIN names it.
 */
export function ferretBinary(log: (m: string) => void): string {
  const named = process.env.FERRETDB_BIN;
  if (!named) {
    const own = ferretBinaryPath();
    return existsSync(own) ? own : buildFerret(log);
  }
  if (!existsSync(named)) throw new Error(`FERRETDB_BIN names ${named}, which does not exist`);
  if (resolve(named) !== ownBuild()) {
    console.warn(
      `Warning: FERRETDB_BIN=${named} is run as it is: it may lack GreenCart's fixes to FerretDB ` +
        `(${FERRETDB_PATCHES_DIR}; without them concurrent updates can hang the database for every client).`,
    );
  }
  return named;
}

function ownBuild(): string | undefined {
  try {
    return ferretBinaryPath();
  } catch {
    return undefined; // no patches folder (an image with only the compiled app): any binary is someone else's
  }
}

/**
 * Builds FerretDB from its module source with `patches` (all of them unless told) applied by
 * `patch -p1`; the binary lands in .data/bin under ferretBinaryPath(patches). A patch that does not
 * apply stops the build with an error naming it.
 */
export function buildFerret(log: (m: string) => void, patches: FerretPatch[] = ferretPatches()): string {
  const output = ferretBinaryPath(patches);
  const go = spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) throw new Error(`no FerretDB build at ${output} and Go is not installed to build it`);
  const which = patches.length ? `with ${patches.map((p) => p.name).join(', ')}` : 'unpatched';
  log(`Building FerretDB ${FERRETDB_VERSION} ${which} with Go (once; about a minute)...`);
  // `go install …@version` fails on proxies that refuse version listing, so download the exact module and build it.
  const download = spawnSync('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod' },
  });
  if (download.status !== 0) throw new Error(`go mod download failed: ${download.stderr || download.stdout}`);
  const moduleDir = (JSON.parse(download.stdout) as { Dir: string }).Dir;
  // A folder of this build's own: two processes may build at once (the suites' workers).
  const work = join(REPO_ROOT, '.data', 'ferretdb-src', String(process.pid));
  removeTree(work);
  cpSync(moduleDir, work, { recursive: true });
  makeWritable(work); // the module cache's files are read-only
  applyPatches(work, patches);
  // FerretDB's build expects a generated version file (normally written by its own task runner).
  writeFileSync(join(work, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  mkdirSync(join(REPO_ROOT, '.data', 'bin'), { recursive: true });
  // Built under another name and renamed: an interrupted build leaves no binary that looks finished.
  const partial = `${output}.partial-${process.pid}`;
  const build = spawnSync('go', ['build', '-trimpath', '-o', partial, './cmd/ferretdb'], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  if (build.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`go build of FerretDB failed (source in ${work}): ${build.stderr}`);
  }
  renameSync(partial, output);
  removeTree(work);
  if (readdirSync(dirname(work)).length === 0) rmSync(dirname(work), { recursive: true, force: true });
  log(`FerretDB built: ${output}`);
  return output;
}

/** Applies `patches` in order to the source in `work` (`patch -p1`, no fuzz); the first that does not apply throws, naming it. */
export function applyPatches(work: string, patches: FerretPatch[]): void {
  for (const patch of patches) {
    const args = ['-p1', '--forward', '--batch', '--fuzz=0', '--no-backup-if-mismatch', '--reject-file=-', '-i', patch.path];
    const result = spawnSync('patch', args, { cwd: work, encoding: 'utf8' });
    if (result.error) throw new Error(`cannot apply the FerretDB patch ${patch.name}: no \`patch\` program (apt-get install patch): ${result.error.message}`);
    if (result.status !== 0) {
      throw new Error(
        `the FerretDB patch ${patch.name} does not apply to ${FERRETDB_MODULE}@${FERRETDB_VERSION} (source in ${work}):\n${result.stdout}${result.stderr}`,
      );
    }
  }
}

function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(path);
    else if (entry.isFile()) chmodSync(path, statSync(path).mode | 0o200);
  }
}

function removeTree(dir: string): void {
  if (!existsSync(dir)) return;
  makeWritable(dir);
  rmSync(dir, { recursive: true, force: true });
}
