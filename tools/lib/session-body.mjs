/**
 * A valid `POST /api/sessions` body for the tools' plain scripts, as @idv/test-kit's createSessionBody makes it for the
 * TypeScript tests: the first person starts the session, the terms are accepted.
 */
export const createSessionBody = (participants, purpose) => ({ initiator: participants[0].name, participants, purpose, termsAccepted: true });

export const ANA = { name: 'Ana Pérez', email: 'ana@example.com' };
export const BO = { name: 'Bo Li', email: 'bo@example.com' };
