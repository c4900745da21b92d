/** Someone named in a session: the name on their document, the e-mail address they were invited with. */
export interface Person {
  name: string;
  email: string;
}

export const ANA: Person = { name: 'Ana Pérez', email: 'ana@example.com' };
export const BO: Person = { name: 'Bo Li', email: 'bo@example.com' };
/** A right-to-left name, so that every flow carries one. */
export const NOUR: Person = { name: 'نور الهدى', email: 'nour@example.com' };

/** A valid `POST /api/sessions` body: the first person starts the session, the terms are accepted. */
export function createSessionBody(participants: Person[] = [ANA, BO], purpose = 'Selling a car') {
  return { initiator: participants[0].name, participants, purpose, termsAccepted: true as const };
}
