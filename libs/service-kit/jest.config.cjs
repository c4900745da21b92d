module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'service-kit',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
