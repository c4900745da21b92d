export { ANA, BO, NOUR, type Person, createSessionBody } from './session-requests';
export { readEventStream } from './event-stream';
export { until } from './until';
export { CHROMIUM_FLAGS } from './chromium';
export { type NestAnswer, answerAsNestService } from './nest-responder';
