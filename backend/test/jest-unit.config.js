/** Backend unit tests: pure code beside its source (src/.../*.spec.ts), no app, no database; seconds. */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@greencart/source', 'node', 'require'] },
  testRegex: 'src/.*\\.spec\\.ts$',
  transform: {
    '^.+\\.ts$': ['@swc/jest', require('./support/swc-options.cjs')],
  },
  testTimeout: 10000,
};
