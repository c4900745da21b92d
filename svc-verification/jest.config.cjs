module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'svc-verification',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/eval/**/*.spec.ts'],
};
