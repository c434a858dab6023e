import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settingNames } from './validate-environment';

const root = join(__dirname, '..', '..', '..');
const envExample = readFileSync(join(root, '.env.example'), 'utf8');
const configurationDoc = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');

/** Variables read outside Environment (main.ts, the embedded database, the CLIs, compose): documented too, but not settings of the app. */
const READ_ELSEWHERE = [
  'SITE_ADDRESS',
  'GREENCART_DATA_DIR',
  'GREENCART_EMBEDDED',
  'GREENCART_SECRETS_FILE',
  'GREENCART_MONGOD_TIMEOUT_MS',
  'MONGODB_DB',
  'MONGOMS_SYSTEM_BINARY',
  'MONGOMS_VERSION',
  'MONGOMS_DOWNLOAD_URL',
  'FERRETDB_BIN',
];

/** `NAME=` in .env.example, set or commented out. */
const inEnvExample = (name: string) => new RegExp(`(^|[^A-Z0-9_])${name}=`, 'm').test(envExample);
/** `NAME` in code format in docs/configuration.md. */
const inConfigurationDoc = (name: string) => configurationDoc.includes(`\`${name}\``);

describe('every setting of environment.ts is documented', () => {
  const names = settingNames();

  it('reads the settings from Environment', () => {
    expect(names).toEqual(expect.arrayContaining(['NODE_ENV', 'PORT', 'MONGODB_URI', 'JWT_SECRET', 'SELLER_PASSWORD', 'SHOP_GSTIN']));
    expect(names.length).toBeGreaterThan(50);
  });

  it('lists each in .env.example', () => {
    expect(names.filter((name) => !inEnvExample(name))).toEqual([]);
  });

  it('gives each a row in docs/configuration.md', () => {
    expect(names.filter((name) => !inConfigurationDoc(name))).toEqual([]);
  });

  it('lists nothing in .env.example that the shop no longer reads', () => {
    const listed = [...envExample.matchAll(/(?:^|[^A-Z0-9_])([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    const known = new Set([...names, ...READ_ELSEWHERE]);
    expect(listed.filter((name) => !known.has(name))).toEqual([]);
  });

  it('documents the variables read elsewhere in docs/configuration.md', () => {
    expect(READ_ELSEWHERE.filter((name) => !inConfigurationDoc(name))).toEqual([]);
  });
});
