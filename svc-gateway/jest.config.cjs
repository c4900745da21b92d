module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'svc-gateway',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
