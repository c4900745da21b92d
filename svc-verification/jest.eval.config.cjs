/** `npm run eval:verification`: the accuracy evaluation (not part of npm test; docs/accuracy.md). */
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'svc-verification:eval',
  testMatch: ['<rootDir>/eval/**/*.eval.ts'],
  testTimeout: 3600000,
};
