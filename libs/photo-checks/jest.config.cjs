module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'photo-checks',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
