export * from './env';
export * from './bootstrap';
