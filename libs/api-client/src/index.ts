export * from './api-client';
export * from './api-error';
export * from './runtime-config';
export * from './session-storage';
export * from './error-message';
export * from './participant-token';
export * from './session-stream';
