// Lets a child process the suites fork run the TypeScript sources (`node -r <this file> src/….ts`),
// compiled by @swc/core as jest-e2e.config.js compiles them.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');
const options = require('./swc-options.cjs');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
