/** The shell's own strings (namespace `shell`): chrome, modals, remote slots. */
export const SHELL_EN = {
  brand: 'Identity Verification',
  sessionLabel: 'Identity Verification Session',
  language: 'Language',
  footer: {
    copyright: '© {{year}} Identity Verification. All rights reserved.',
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    support: 'Support',
  },
  support: {
    title: 'Support',
    body: 'Questions, problems or a request about your data? Write to us and we will answer as soon as we can.',
    contact: 'Contact',
  },
  remote: {
    loading: 'Loading…',
    unavailable: 'This part of the page could not be loaded. Please check your connection and try again.',
  },
};

export const SHELL_ES: typeof SHELL_EN = {
  brand: 'Verificación de Identidad',
  sessionLabel: 'Sesión de Verificación de Identidad',
  language: 'Idioma',
  footer: {
    copyright: '© {{year}} Verificación de Identidad. Todos los derechos reservados.',
    privacy: 'Política de Privacidad',
    terms: 'Términos del Servicio',
    support: 'Soporte',
  },
  support: {
    title: 'Soporte',
    body: '¿Preguntas, problemas o una solicitud sobre tus datos? Escríbenos y te responderemos lo antes posible.',
    contact: 'Contacto',
  },
  remote: {
    loading: 'Cargando…',
    unavailable: 'No se pudo cargar esta parte de la página. Comprueba tu conexión e inténtalo de nuevo.',
  },
};
