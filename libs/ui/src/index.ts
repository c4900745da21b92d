import './screens.css';

export * from './Modal';
export * from './PolicyModal';
export * from './ConfirmDialog';
export * from './StatusLabel';
export * from './LoadFailed';
export * from './ParticipantStatusList';
export * from './SessionNotFound';
export * from './TermsCheckbox';
export * from './PlaceEmailField';
export * from './session-data';
export * from './start-standalone';
export * from './handoff/QrCode';
export * from './handoff/ContinueOnAnotherDevice';
export * from './handoff/PlaceMoved';
export * from './handoff/handoff-strings';
export * from './links/link-on-this-app';
export * from './clipboard/use-clipboard-copy';
