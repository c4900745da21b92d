/** Benchmarks (`npm run bench:verification`): not part of npm test; they print figures. */
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'svc-verification:bench',
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  testTimeout: 900000,
};
