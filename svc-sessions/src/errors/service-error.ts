export { serviceError } from '@idv/service-kit';

export const NOT_FOUND_MESSAGE = 'Session not found or expired.';
