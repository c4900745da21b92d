// @ts-check
// The printed-text engine's thread (ocr-thread.cjs).
require('./ocr-thread.cjs').run('text');
