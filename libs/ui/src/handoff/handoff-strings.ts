/** The `handoff` namespace: continue on another device. Registered by the remotes that use it. */
export const HANDOFF_EN = {
  open: 'Continue on another device',
  title: 'Continue on another device',
  explain:
    'Scan this code with the camera of your phone, or open the link on the other device. It works once, for 10 minutes. From then on, that device acts for you and this one no longer does.',
  qr: 'QR code of the link that continues on another device',
  link: 'Link for the other device',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy. Please select the link and copy it.',
  validUntil: 'Valid until {{time}}.',
  expired: 'This code has expired.',
  newCode: 'Make a new code',
  offerFailed: 'A code could not be made. Please try again.',
  limitReached: 'This place has moved to another device too many times. Please continue on this device.',
  moved: {
    title: 'You continue on another device',
    body: 'Your place in this session moved to another device. Continue there: this device no longer acts for you in this session.',
    status: 'See the session status',
  },
  redeem: {
    taking: 'Moving your place to this device…',
    failedTitle: 'This link cannot be used',
    invalid: 'This link was used already or has expired. On the device you started on, choose “Continue on another device” again.',
    closed: 'This session has been cancelled or has expired.',
    limit: 'This place has moved to another device too many times.',
  },
};

export const HANDOFF_ES: typeof HANDOFF_EN = {
  open: 'Continuar en otro dispositivo',
  title: 'Continuar en otro dispositivo',
  explain:
    'Escanea este código con la cámara de tu teléfono o abre el enlace en el otro dispositivo. Funciona una vez, durante 10 minutos. A partir de entonces, ese dispositivo actúa por ti y este ya no.',
  qr: 'Código QR del enlace para continuar en otro dispositivo',
  link: 'Enlace para el otro dispositivo',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar. Selecciona el enlace y cópialo.',
  validUntil: 'Válido hasta las {{time}}.',
  expired: 'Este código ha caducado.',
  newCode: 'Crear un código nuevo',
  offerFailed: 'No se pudo crear un código. Por favor, inténtalo de nuevo.',
  limitReached: 'Este lugar ya se ha movido a otro dispositivo demasiadas veces. Por favor, continúa en este dispositivo.',
  moved: {
    title: 'Continúas en otro dispositivo',
    body: 'Tu lugar en esta sesión se ha movido a otro dispositivo. Continúa allí: este dispositivo ya no actúa por ti en esta sesión.',
    status: 'Ver el estado de la sesión',
  },
  redeem: {
    taking: 'Moviendo tu lugar a este dispositivo…',
    failedTitle: 'Este enlace no se puede usar',
    invalid: 'Este enlace ya se usó o ha caducado. En el dispositivo donde empezaste, elige «Continuar en otro dispositivo» de nuevo.',
    closed: 'Esta sesión se ha cancelado o ha caducado.',
    limit: 'Este lugar ya se ha movido a otro dispositivo demasiadas veces.',
  },
};
