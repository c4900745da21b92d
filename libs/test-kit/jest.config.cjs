module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'test-kit',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
