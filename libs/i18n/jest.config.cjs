module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'i18n',
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: [require('path').join(__dirname, '../../jest.setup-dom.cjs')],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
