export * from './subjects';
export * from './errors';
export * from './limits';
export * from './participant';
export * from './session';
export * from './verification';
export * from './health';
export * from './validation';
