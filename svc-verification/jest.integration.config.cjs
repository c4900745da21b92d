/** Integration tests: against the real NATS and database started by tools/test.mjs. */
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'svc-verification:integration',
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 30000,
};
