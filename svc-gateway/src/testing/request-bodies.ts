/** A valid `POST /api/sessions` body: two people, the terms accepted. */
export const CREATE_SESSION_BODY = {
  initiator: 'Ana Pérez',
  participants: [
    { name: 'Ana Pérez', email: 'ana@example.com' },
    { name: 'Bo Li', email: 'bo@example.com' },
  ],
  purpose: 'Selling a car',
  termsAccepted: true,
};
