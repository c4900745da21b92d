// @ts-check
// The zone engine's thread (ocr-thread.cjs).
require('./ocr-thread.cjs').run('mrz');
