module.exports = { ...require('../jest.preset-dom.cjs'), displayName: 'shell' };
