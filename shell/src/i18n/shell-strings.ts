/** The shell's own strings (namespace `shell`): chrome and modals; shared ones are in `common`. */
export const SHELL_EN = {
  brand: 'Identity Verification',
  sessionLabel: 'Identity Verification Session',
  language: 'Language',
  footer: {
    copyright: '© {{year}} Identity Verification. All rights reserved.',
    support: 'Support',
  },
  support: {
    title: 'Support',
    body: 'Questions, problems or a request about your data? Write to us and we will answer as soon as we can.',
    contact: 'Contact',
  },
};

export const SHELL_ES: typeof SHELL_EN = {
  brand: 'Verificación de Identidad',
  sessionLabel: 'Sesión de Verificación de Identidad',
  language: 'Idioma',
  footer: {
    copyright: '© {{year}} Verificación de Identidad. Todos los derechos reservados.',
    support: 'Soporte',
  },
  support: {
    title: 'Soporte',
    body: '¿Preguntas, problemas o una solicitud sobre tus datos? Escríbenos y te responderemos lo antes posible.',
    contact: 'Contacto',
  },
};
