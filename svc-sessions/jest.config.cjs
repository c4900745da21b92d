module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'svc-sessions',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
