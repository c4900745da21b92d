/** Integration tests: against the real NATS started by tools/test.mjs (svc-sessions and the AI checks stood in for). */
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'svc-verification:integration',
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
  testTimeout: 30000,
};
