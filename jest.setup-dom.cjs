// jsdom lacks the encoders react-router uses; Node has them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');

// Every test starts from a fresh page: nothing stored, no mock left from the test before, and English once the strings are loaded.
const { act } = require('@testing-library/react');
const i18next = require('i18next');
beforeEach(async () => {
  // (A spec may run in Node instead, `@jest-environment node`: it has no storage.)
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  jest.restoreAllMocks();
  if (i18next.isInitialized && i18next.language !== 'en') await act(() => i18next.changeLanguage('en'));
});
