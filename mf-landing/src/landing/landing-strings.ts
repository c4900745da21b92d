/** mf-landing's strings (namespace `landing`). */
export const LANDING_EN = {
  hero: {
    title: 'Know who you are dealing with',
    subtitle:
      'Before you meet, trade or sign, verify each other. Each person shows an ID document and a selfie, our AI checks them in seconds, and everyone sees everyone’s result.',
    start: 'Start verification',
    join: 'Join a session',
  },
  features: {
    title: 'Why people use it',
    items: [
      { title: 'Secure', text: 'Documents, names and faces are checked by AI on our own servers, not sent to third parties.' },
      { title: 'Mutual', text: 'Two or three people verify each other, and every participant sees every result.' },
      { title: 'Fast', text: 'Each check takes seconds. Share a link or a code and you are ready.' },
      { title: 'Privacy-preserving', text: 'Photos are never stored. Session details are deleted automatically after 30 days. No accounts.' },
    ],
  },
  how: {
    title: 'How it works',
    steps: [
      { title: 'Create a session', text: 'Give your name, e-mail and the purpose, and name up to two other people.' },
      { title: 'Share the link', text: 'Send the link or the session code; each person accepts or declines.' },
      { title: 'Verify each other', text: 'Everyone uploads their ID and takes a selfie, then sees all the results.' },
    ],
  },
  cta: {
    title: 'Ready to verify?',
    text: 'It takes a couple of minutes for each of you.',
    button: 'Start verification',
  },
};

export const LANDING_ES: typeof LANDING_EN = {
  hero: {
    title: 'Sabe con quién estás tratando',
    subtitle:
      'Antes de reuniros, comerciar o firmar, verificaos mutuamente. Cada persona muestra un documento de identidad y un selfi, nuestra IA los comprueba en segundos y todos ven el resultado de todos.',
    start: 'Iniciar verificación',
    join: 'Unirse a una sesión',
  },
  features: {
    title: 'Por qué usarlo',
    items: [
      { title: 'Seguro', text: 'Los documentos, nombres y rostros los comprueba una IA en nuestros propios servidores, sin enviarlos a terceros.' },
      { title: 'Mutuo', text: 'Dos o tres personas se verifican entre sí, y cada participante ve todos los resultados.' },
      { title: 'Rápido', text: 'Cada comprobación tarda segundos. Comparte un enlace o un código y listo.' },
      {
        title: 'Respetuoso con la privacidad',
        text: 'Las fotos nunca se guardan. Los datos de la sesión se eliminan automáticamente a los 30 días. Sin cuentas.',
      },
    ],
  },
  how: {
    title: 'Cómo funciona',
    steps: [
      { title: 'Crea una sesión', text: 'Indica tu nombre, tu correo y el propósito, y añade hasta dos personas más.' },
      { title: 'Comparte el enlace', text: 'Envía el enlace o el código de la sesión; cada persona acepta o rechaza.' },
      { title: 'Verificaos', text: 'Cada uno sube su documento y se hace un selfi, y después todos ven los resultados.' },
    ],
  },
  cta: {
    title: '¿Listo para verificar?',
    text: 'Os llevará un par de minutos a cada uno.',
    button: 'Iniciar verificación',
  },
};
