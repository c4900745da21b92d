module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'api-client',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: [require('path').join(__dirname, '../../jest.setup-dom.cjs')],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
