module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'e2e-bench',
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  testTimeout: 600000,
};
