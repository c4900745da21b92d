/** Strings every part of the product uses: loading, retry, and the error catalogue of spec section 8. */
export const COMMON_EN = {
  loading: 'Loading…',
  retry: 'Retry',
  close: 'Close',
  goHome: 'Go home',
  policies: { privacy: 'Privacy Policy', terms: 'Terms of Service' },
  errors: {
    network: 'Network error. Please check your connection.',
    server: 'Server error. Please try again later.',
    generic: 'Something went wrong. Please try again.',
    remoteUnavailable: 'This part of the page could not be loaded. Please check your connection and try again.',
    notFound: 'Page not found',
    notFoundHint: 'The page you are looking for does not exist.',
    loadFailed: 'The session could not be loaded.',
    sessionNotFound: 'Session not found or expired.',
  },
  /** Claiming a place: the e-mail address the initiator entered for the person shows it is theirs. */
  claim: {
    emailLabel: 'Your e-mail address',
    emailHint: 'The one the initiator entered for you: it shows that this participant is you.',
    emailRequired: 'Please enter the e-mail address the initiator entered for you.',
    emailMismatch: 'This is not the e-mail address the initiator entered for this participant. Check it, or ask the initiator which address they used.',
    placeLocked: 'Too many wrong e-mail addresses were entered here for this participant, so it cannot be chosen from here for up to an hour. Ask the initiator which address they entered for you.',
    placeReleased: 'The initiator released this place, so it is no longer yours. If it is, ask the initiator and choose it again with your e-mail address.',
  },
  /** Participant status labels (spec section 4). */
  status: {
    pending: 'Pending',
    accepted: 'Accepted',
    submitted: 'Submitted',
    verified: 'Verified',
    failed: 'Failed',
    declined: 'Declined',
    cancelled: 'Cancelled',
  },
};

export const COMMON_ES: typeof COMMON_EN = {
  loading: 'Cargando…',
  retry: 'Reintentar',
  close: 'Cerrar',
  goHome: 'Ir al inicio',
  policies: { privacy: 'Política de Privacidad', terms: 'Términos del Servicio' },
  errors: {
    network: 'Error de red. Por favor, comprueba tu conexión.',
    server: 'Error del servidor. Por favor, inténtalo de nuevo más tarde.',
    generic: 'Algo salió mal. Por favor, inténtalo de nuevo.',
    remoteUnavailable: 'No se pudo cargar esta parte de la página. Comprueba tu conexión e inténtalo de nuevo.',
    notFound: 'Página no encontrada',
    notFoundHint: 'La página que buscas no existe.',
    loadFailed: 'No se pudo cargar la sesión.',
    sessionNotFound: 'Sesión no encontrada o caducada.',
  },
  claim: {
    emailLabel: 'Tu dirección de correo electrónico',
    emailHint: 'La que el iniciador indicó para ti: demuestra que este participante eres tú.',
    emailRequired: 'Por favor, introduce la dirección de correo que el iniciador indicó para ti.',
    emailMismatch: 'Esta no es la dirección de correo que el iniciador indicó para este participante. Compruébala o pregunta al iniciador qué dirección usó.',
    placeLocked: 'Se han introducido aquí demasiadas direcciones de correo incorrectas para este participante, así que no se puede elegir desde aquí durante un máximo de una hora. Pregunta al iniciador qué dirección indicó para ti.',
    placeReleased: 'El iniciador ha liberado este lugar, así que ya no es tuyo. Si lo es, pregunta al iniciador y vuelve a elegirlo con tu dirección de correo.',
  },
  status: {
    pending: 'Pendiente',
    accepted: 'Aceptado',
    submitted: 'Enviado',
    verified: 'Verificado',
    failed: 'Fallido',
    declined: 'Rechazado',
    cancelled: 'Cancelado',
  },
};
