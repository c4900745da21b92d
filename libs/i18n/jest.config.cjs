module.exports = { ...require('../../jest.preset-dom.cjs'), displayName: 'i18n' };
