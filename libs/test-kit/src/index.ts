export { ANA, BO, NOUR, type Person, createSessionBody } from './session-requests';
export { readEventStream, until } from './event-stream';
export { CHROMIUM_FLAGS } from './chromium';
