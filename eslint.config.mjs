// ESLint 9 flat config for the whole repository: `npm run lint` at the root.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver, defaultConditionNames } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const FEATURES = 'frontend/src/features';
const features = readdirSync(path.join(root, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Backend modules (folders of backend/src) and those that keep mongoose schemas of their own. */
const BACKEND = 'backend/src';
const backendModules = readdirSync(path.join(root, BACKEND), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const modulesWithSchemas = backendModules.filter((name) => {
  try {
    return readdirSync(path.join(root, BACKEND, name, 'schemas')).length > 0;
  } catch {
    return false;
  }
});

/**
 * The floors of backend/src, top to bottom (docs/architecture.md): a folder, or a file at the top of
 * backend/src, imports only what lies on a floor below its own, never a floor above nor a neighbour on
 * its own floor. So no arrow between the backend's folders points up and none can close a circle. A new
 * folder gets a floor here (the config refuses to load without one); code two floors share goes down to
 * common/ or config/, or to the domain package when it is pure.
 */
const BACKEND_FLOORS = [
  ['main.ts'],
  ['app.module.ts'],
  ['health'],
  ['app.setup.ts', 'notifications'],
  ['chat', 'payments', 'seller', 'stats'],
  ['auth', 'orders'],
  ['addresses', 'cart'],
  ['coupons', 'delivery', 'products'],
  ['shop'],
  ['sessions'],
  ['database', 'media', 'newsletter', 'users'],
  ['common'],
  ['config'],
];
const backendTopFiles = readdirSync(path.join(root, BACKEND)).filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'));
const unplaced = [...backendModules, ...backendTopFiles].filter((name) => !BACKEND_FLOORS.flat().includes(name));
if (unplaced.length) throw new Error(`eslint.config.mjs: put backend/src/${unplaced.join(', backend/src/')} on a floor of BACKEND_FLOORS`);
const floorZones = BACKEND_FLOORS.flatMap((floor, level) =>
  floor.map((name) => ({
    target: `${BACKEND}/${name}`,
    from: BACKEND_FLOORS.slice(0, level + 1)
      .flat()
      .filter((other) => other !== name)
      .map((other) => `${BACKEND}/${other}`),
    message: `backend/src/${name} imports only from the floors below it (BACKEND_FLOORS in eslint.config.mjs): move what both need down to common/ or config/, or turn the arrow round.`,
  })),
).filter((zone) => zone.from.length > 0);

/**
 * Module boundaries, in the manner of bulletproof-react's `import/no-restricted-paths` zones:
 * a feature reaches another feature only through its index.ts; shared code (lib, components)
 * never reaches up into features or the app; the tiers meet only in @greencart/domain.
 */
const zones = [
  ...features.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'Another feature is used through its index.ts only.',
  })),
  {
    target: 'frontend/src/app',
    from: FEATURES,
    except: features.map((feature) => `./${feature}/index.ts`),
    message: 'The app composes features through their index.ts.',
  },
  {
    target: ['frontend/src/lib', 'frontend/src/components'],
    from: [FEATURES, 'frontend/src/app'],
    message: 'Shared code does not depend on features or the app.',
  },
  { target: 'frontend', from: 'backend', message: 'The frontend shares code with the backend through @greencart/domain only.' },
  { target: 'domain', from: ['backend', 'frontend'], message: 'The domain package depends on neither tier.' },
  // A backend module's schemas and models are its own: others use its service or the domain package's types.
  ...modulesWithSchemas.map((name) => ({
    target: backendModules.filter((other) => other !== name).map((other) => `${BACKEND}/${other}`),
    from: `${BACKEND}/${name}/schemas`,
    message: `${name}'s schemas are used inside ${name} only: ask its service, or use a plain type it exports.`,
  })),
  ...floorZones,
];

export default defineConfig(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**', 'bench/results/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript modules when following imports (for no-cycle), as import-x's typescript preset does.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['frontend/tsconfig.json', 'backend/tsconfig.json', 'domain/tsconfig.json', 'tsconfig.json'],
          // Resolve @greencart/domain to its TypeScript source, as the frontend and the backend suites do.
          conditionNames: ['@greencart/source', ...defaultConditionNames],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/common/events/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@nestjs/event-emitter', message: 'Publish with DomainEvents and listen with @OnDomainEvent (common/events): one typed map of events.' },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'frontend/vite.config.ts', 'backend/**', 'e2e/**', 'scripts/**', 'bench/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['backend/test/**'],
    languageOptions: { globals: globals.jest },
  },
  {
    files: ['**/*.cjs', 'backend/test/jest-e2e.config.js', 'backend/test/jest-unit.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Formatting is Prettier's job (`prettier --check .`): turn off the stylistic rules it would fight with.
  prettier,
);
