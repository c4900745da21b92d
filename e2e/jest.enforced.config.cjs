/** The browser suites for a stack whose svc-verification enforces liveness (npm test restarts it so, after the others). */
module.exports = {
  ...require('./jest.config.cjs'),
  displayName: 'e2e (liveness enforced)',
  testMatch: ['<rootDir>/src/**/*.enforced-e2e.ts'],
};
