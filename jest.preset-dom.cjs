/** Jest settings for the projects that render React: the shared preset, a DOM, Testing Library's matchers. */
module.exports = {
  ...require('./jest.preset.cjs'),
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: [require('path').join(__dirname, 'jest.setup-dom.cjs')],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
