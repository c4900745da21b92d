export * from './Modal';
export * from './PolicyModal';
