export * from './request-validation';
export * from './create-session';
export * from './session-actions';
export * from './verification-submission';
