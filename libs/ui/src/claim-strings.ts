/**
 * The `claim` namespace: taking a place in a session, with the e-mail address the initiator entered
 * for the person, and accepting the terms (TermsCheckbox: the initiator's too, when creating).
 * Registered by the remotes that take places (mf-session, mf-verify), not loaded with the landing page.
 */
export const CLAIM_EN = {
  emailLabel: 'Your e-mail address',
  emailHint: 'The one the initiator entered for you: it shows that this participant is you.',
  emailRequired: 'Please enter the e-mail address the initiator entered for you.',
  emailMismatch: 'This is not the e-mail address the initiator entered for this participant. Check it, or ask the initiator which address they used.',
  placeLocked:
    'Too many wrong e-mail addresses were entered here for this participant, so it cannot be chosen from here for up to an hour. Ask the initiator which address they entered for you.',
  placeReleased: 'The initiator released this place, so it is no longer yours. If it is, ask the initiator and choose it again with your e-mail address.',
  alreadyClaimed: 'This participant has already been chosen on another device.',
  full: 'Session is full. Maximum 2 participants allowed.',
  termsAccept: 'I accept the',
  termsLink: 'Terms of Service',
};

export const CLAIM_ES: typeof CLAIM_EN = {
  emailLabel: 'Tu dirección de correo electrónico',
  emailHint: 'La que el iniciador indicó para ti: demuestra que este participante eres tú.',
  emailRequired: 'Por favor, introduce la dirección de correo que el iniciador indicó para ti.',
  emailMismatch: 'Esta no es la dirección de correo que el iniciador indicó para este participante. Compruébala o pregunta al iniciador qué dirección usó.',
  placeLocked:
    'Se han introducido aquí demasiadas direcciones de correo incorrectas para este participante, así que no se puede elegir desde aquí durante un máximo de una hora. Pregunta al iniciador qué dirección indicó para ti.',
  placeReleased: 'El iniciador ha liberado este lugar, así que ya no es tuyo. Si lo es, pregunta al iniciador y vuelve a elegirlo con tu dirección de correo.',
  alreadyClaimed: 'Este participante ya se ha elegido en otro dispositivo.',
  full: 'La sesión está completa. Máximo 2 participantes permitidos.',
  termsAccept: 'Acepto los',
  termsLink: 'Términos del Servicio',
};
