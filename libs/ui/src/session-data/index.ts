export * from './use-session';
export * from './SessionDataProvider';
export * from './SessionUnavailable';
