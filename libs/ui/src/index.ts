import './screens.css';

export * from './Modal';
export * from './PolicyModal';
export * from './ConfirmDialog';
export * from './StatusLabel';
export * from './LoadFailed';
export * from './ParticipantStatusList';
export * from './SessionNotFound';
export * from './TermsCheckbox';
export * from './use-session';
export * from './start-standalone';
