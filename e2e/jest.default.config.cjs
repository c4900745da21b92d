/** The browser suites for a stack whose svc-verification runs with no setting changed (npm test restarts it so, after the others). */
module.exports = {
  ...require('./jest.config.cjs'),
  displayName: 'e2e (liveness as deployed)',
  testMatch: ['<rootDir>/src/**/*.default-e2e.ts'],
};
