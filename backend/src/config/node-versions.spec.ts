import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as semver from 'semver';

const ROOT = join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the Node versions that work', () => {
  const engines: string = JSON.parse(read('package.json')).engines.node;
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> };

  it("are what every installed dependency accepts, at the first version of each range package.json's engines allows", () => {
    const firsts = engines.split('||').map((range) => semver.minVersion(range.trim())!.version);
    const refused = Object.entries(lock.packages).flatMap(([name, info]) => {
      const wanted = info.engines?.node;
      // Optional packages are platform builds (sharp for Windows on 32 bits): npm skips them where they do not fit.
      if (!name || !wanted || info.optional || !semver.validRange(wanted)) return [];
      return firsts.filter((version) => !semver.satisfies(version, wanted)).map((version) => `${name} wants ${wanted}, not ${version}`);
    });
    expect(refused).toEqual([]);
  });

  it('are the ones README.md and docs/operations.md give', () => {
    expect(read('README.md')).toContain(`Node \`${engines}\` works`);
    expect(read('docs/operations.md')).toContain(`Node \`${engines}\` works`);
  });
});
