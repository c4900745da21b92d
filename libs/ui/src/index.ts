export * from './Modal';
export * from './PolicyModal';
export * from './start-standalone';
