// The shared screen styles are imported by each app itself (`@idv/ui/src/screens.css`): this index
// has no side effects, so an app takes only the components it uses.
export * from './Modal';
export * from './PolicyModal';
export * from './ConfirmDialog';
export * from './StatusLabel';
export * from './LoadFailed';
export * from './PageLoading';
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
export * from './claim-strings';
export * from './clipboard/LinkToShare';
export * from './ButtonLink';
