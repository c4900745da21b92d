export * from './validation-result';
export * from './validation-messages';
export * from './text';
export * from './name';
export * from './email';
export * from './purpose';
export * from './participants';
export * from './session-code';
