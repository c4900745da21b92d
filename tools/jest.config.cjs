module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'tools',
  testMatch: ['<rootDir>/tests/**/*.spec.ts'],
  testTimeout: 60000,
};
