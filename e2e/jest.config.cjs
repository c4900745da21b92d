module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'e2e',
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  testTimeout: 60000,
};
