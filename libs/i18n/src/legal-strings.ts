/**
 * The Privacy Policy and Terms of Service (namespace `legal`): what the product really does. Loaded
 * when a policy is opened (loadLegalStrings), not with the page; their titles are common strings.
 */
export const LEGAL_EN = {
  privacy: {
    sections: [
      {
        heading: 'What we process',
        text: 'For each participant: the name and e-mail address the initiator typed, the purpose of the session, the real name you type, photos of the front and back of your ID document, and a selfie taken with your camera.',
      },
      {
        heading: 'Images are never stored',
        text: 'Your document photos and selfie are checked automatically, in memory, on our own servers, within seconds. They are never written to a database, a file, a log or a message queue, and are discarded as soon as the check ends. We keep no data read from your document: no document number, no date of birth.',
      },
      {
        heading: 'What we keep, and for how long',
        text: 'Session details (names, e-mail addresses, purpose, each participant’s status and the result: verified or failed, with the public reason) are deleted automatically 30 days after the session was created.',
      },
      {
        heading: 'Who sees what',
        text: 'Everyone in a session sees every participant’s name and result. E-mail addresses are shown in full only to the initiator; others see them masked. There are no accounts and no tracking.',
      },
      {
        heading: 'Your consent',
        text: 'Every participant must agree before taking part. You may decline an invitation, and the initiator may cancel a session at any time.',
      },
    ],
  },
  terms: {
    sections: [
      {
        heading: 'The service',
        text: 'Two or three people verify each other before they meet, trade or sign something. Each gives their real name, photos of an ID document and a selfie, and automated checks decide whether each person is who they say they are.',
      },
      {
        heading: 'Your part',
        text: 'Use only your own identity document and a live selfie of yourself, and type your full legal name as it appears on the document. Do not invite anyone who has not agreed to take part.',
      },
      {
        heading: 'What a result means',
        text: 'A result says that the document looked genuine to our checks, that the names matched and that the selfie matched the document photo. The checks are automated and can be wrong; a result is not a guarantee of anyone’s honesty. Use your own judgement too.',
      },
      {
        heading: 'Sessions',
        text: 'A session expires 7 days after it was created if it has not finished, and its details are deleted after 30 days. The initiator may cancel it; a cancelled session accepts no more verifications.',
      },
    ],
  },
};

export const LEGAL_ES: typeof LEGAL_EN = {
  privacy: {
    sections: [
      {
        heading: 'Qué tratamos',
        text: 'De cada participante: el nombre y el correo electrónico que escribió el iniciador, el propósito de la sesión, el nombre real que escribes, fotos del anverso y el reverso de tu documento de identidad y un selfi tomado con tu cámara.',
      },
      {
        heading: 'Las imágenes nunca se guardan',
        text: 'Las fotos de tu documento y tu selfi se comprueban automáticamente, en memoria, en nuestros propios servidores, en segundos. Nunca se escriben en una base de datos, un archivo, un registro ni una cola de mensajes, y se descartan en cuanto termina la comprobación. No guardamos ningún dato leído de tu documento: ni el número del documento ni la fecha de nacimiento.',
      },
      {
        heading: 'Qué guardamos y durante cuánto tiempo',
        text: 'Los datos de la sesión (nombres, correos electrónicos, propósito, el estado de cada participante y el resultado: verificado o fallido, con el motivo público) se eliminan automáticamente 30 días después de crear la sesión.',
      },
      {
        heading: 'Quién ve qué',
        text: 'Todos los participantes de una sesión ven el nombre y el resultado de cada uno. Los correos electrónicos solo se muestran completos al iniciador; los demás los ven ocultos en parte. No hay cuentas ni seguimiento.',
      },
      {
        heading: 'Tu consentimiento',
        text: 'Cada participante debe aceptar antes de participar. Puedes rechazar una invitación, y el iniciador puede cancelar una sesión en cualquier momento.',
      },
    ],
  },
  terms: {
    sections: [
      {
        heading: 'El servicio',
        text: 'Dos o tres personas se verifican entre sí antes de reunirse, comerciar o firmar algo. Cada una aporta su nombre real, fotos de un documento de identidad y un selfi, y unas comprobaciones automáticas deciden si cada persona es quien dice ser.',
      },
      {
        heading: 'Tu parte',
        text: 'Usa solo tu propio documento de identidad y un selfi tuyo tomado en el momento, y escribe tu nombre legal completo tal como aparece en el documento. No invites a nadie que no haya aceptado participar.',
      },
      {
        heading: 'Qué significa un resultado',
        text: 'Un resultado indica que el documento pareció auténtico a nuestras comprobaciones, que los nombres coincidieron y que el selfi coincidió con la foto del documento. Las comprobaciones son automáticas y pueden equivocarse; un resultado no garantiza la honradez de nadie. Usa también tu propio criterio.',
      },
      {
        heading: 'Sesiones',
        text: 'Una sesión caduca 7 días después de crearse si no ha terminado, y sus datos se eliminan a los 30 días. El iniciador puede cancelarla; una sesión cancelada no acepta más verificaciones.',
      },
    ],
  },
};
