/** Backend e2e suites: the real AppModule over HTTP against a real MongoDB-compatible server. */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  // The domain package's TypeScript source, so a change there needs no rebuild before the suites.
  testEnvironmentOptions: { customExportConditions: ['@greencart/source', 'node', 'require'] },
  testRegex: 'test/.*\\.e2e-spec\\.ts$',
  transform: {
    '^.+\\.ts$': ['@swc/jest', require('./support/swc-options.cjs')],
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Inner waits give up after 30 s with what they saw: a test outlives them so that their message is the one reported.
  testTimeout: 60000,
  maxWorkers: 2,
};
