/** Strings every part of the product uses: loading, retry, and the messages of the errors a call can answer (the README's error table). */
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
  /** Participant status labels (docs/product.md, "States"). */
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
