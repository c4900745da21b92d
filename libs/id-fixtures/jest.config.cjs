module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'id-fixtures',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
