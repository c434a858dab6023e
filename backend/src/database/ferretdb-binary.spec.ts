import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { applyPatches, FERRETDB_VERSION, ferretBinaryPath, ferretPatches, patchSetHash, type FerretPatch } from './ferretdb-binary';

describe("FerretDB's patches", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'greencart-ferret-patches-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A source tree with one file, and a patch of it from `from` to `to`. */
  function sourceAndPatch(name: string, from: string, to: string): { work: string; patch: FerretPatch } {
    const work = join(dir, 'src');
    mkdirSync(join(work, 'internal'), { recursive: true });
    writeFileSync(join(work, 'internal', 'metadata.go'), `package metadata\n\n${from}\n`);
    const path = join(dir, name);
    writeFileSync(
      path,
      `What the patch fixes, in words.\n\n--- a/internal/metadata.go\n+++ b/internal/metadata.go\n@@ -1,3 +1,3 @@\n package metadata\n \n-${from}\n+${to}\n`,
    );
    return { work, patch: { name, path } };
  }

  it('are found in name order, each with a reason before its diff', () => {
    const patches = ferretPatches();
    expect(patches.length).toBeGreaterThan(0);
    expect(patches.map((p) => p.name)).toEqual([...patches.map((p) => p.name)].sort());
    for (const patch of patches) expect(readFileSync(patch.path, 'utf8')).toMatch(/^\S.*\n[\s\S]*?\n--- (a\/|\/dev\/null)/);
  });

  it('a patch that applies changes the source', () => {
    const { work, patch } = sourceAndPatch('0001-fix.patch', 'const IDColumn = "old"', 'const IDColumn = "new"');
    applyPatches(work, [patch]);
    expect(readFileSync(join(work, 'internal', 'metadata.go'), 'utf8')).toContain('const IDColumn = "new"');
  });

  it('a patch that does not apply stops the build with an error naming it', () => {
    const { work, patch } = sourceAndPatch('0002-stale.patch', 'const IDColumn = "changed upstream"', 'const IDColumn = "new"');
    writeFileSync(join(work, 'internal', 'metadata.go'), 'package metadata\n\nconst IDColumn = "something else"\n');
    expect(() => applyPatches(work, [patch])).toThrow(/the FerretDB patch 0002-stale\.patch does not apply[\s\S]*FAILED/);
  });

  it("the binary's name carries the patch set's hash: a changed patch gives another name, no patch the unpatched one", () => {
    const { patch } = sourceAndPatch('0001-fix.patch', 'a', 'b');
    const before = patchSetHash([patch]);
    const copy = join(dir, 'copy');
    mkdirSync(copy);
    copyFileSync(patch.path, join(copy, patch.name));
    expect(patchSetHash([{ name: patch.name, path: join(copy, patch.name) }])).toBe(before);
    writeFileSync(patch.path, readFileSync(patch.path, 'utf8') + '\n');
    expect(patchSetHash([patch])).not.toBe(before);
    expect(basename(ferretBinaryPath([patch]))).toBe(`ferretdb-${FERRETDB_VERSION}-${patchSetHash([patch])}`);
    expect(basename(ferretBinaryPath([]))).toBe(`ferretdb-${FERRETDB_VERSION}-unpatched`);
  });
});
