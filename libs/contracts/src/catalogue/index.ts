/**
 * The typed message catalogue (zod): every NATS subject's payload and reply, every HTTP body.
 * Node only (`@idv/contracts/catalogue`): the browser keeps the same rules through `../validation`
 * without shipping zod.
 */
export * from './field-errors';
export * from './id-fields';
export * from './rule-field';
export * from './session-requests';
export * from './verification-requests';
export * from './replies';
export * from './status-event';
export * from './commands';
export * from './message-catalogue';
