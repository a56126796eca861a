/**
 * The recording mail's words (laid out by shared/components/mail/RecordingMail.tsx, composed in
 * server/fulfilment/mail/mailMessages.tsx), due once the workshop has ended and the owner has set the recording's and the
 * materials' links (server/fulfilment/settle/dueNow.ts); until when the recording is offered: `recordingUntilMs` in
 * shared/logic/journey.ts. The personal link's page after the workshop (accessPageWords.ts) repeats its note on the link.
 */

/** The mail after the workshop (docs/fulfilment.md): the recording and the materials, on the buyer's personal link. */
export const recordingMail = {
  subject: 'Tu grabación y tus materiales: Marca de Autoridad con IA',
  heading: (firstName: string | null): string =>
    firstName ? `${firstName}, aquí están tu grabación y tus materiales` : 'Aquí están tu grabación y tus materiales',
  lead: 'Gracias por ser parte del taller. La grabación y tus materiales ya te esperan en tu enlace personal.',
  cta: 'Ver la grabación y los materiales',
  includesTitle: 'Ahí encontrarás',
  includes: ['La grabación del taller', 'Fórmula probada (PDF)', 'GPT personalizado para videos y carruseles', 'Banco de 50 ganchos'],
  /** Followed by the last day, in words with its year. */
  until: 'La grabación está disponible hasta el',
  ended: 'El periodo para ver la grabación terminó el',
  signOff: 'Gracias por acompañarme,',
  /** After the workshop there is no session's link to change: only that the link is the buyer's. */
  personalNote: 'Tu enlace es solo para ti: no lo compartas.',
} as const;
