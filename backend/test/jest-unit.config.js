/** Unit tests: pure code beside its source (backend/src/.../*.spec.ts, domain/src/*.spec.ts), no app, no database; seconds. */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/src', '<rootDir>/../domain/src'],
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@greencart/source', 'node', 'require'] },
  testRegex: 'src/.*\\.spec\\.ts$',
  transform: {
    '^.+\\.ts$': ['@swc/jest', require('./support/swc-options.cjs')],
  },
  testTimeout: 10000,
};
