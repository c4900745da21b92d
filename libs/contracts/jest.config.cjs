module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'contracts',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
