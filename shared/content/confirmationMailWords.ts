/**
 * The confirmation mail's words (laid out by shared/components/mail/ConfirmationMail.tsx, composed with its invite in
 * server/fulfilment/mail/mailMessages.tsx, sent when server/fulfilment/settle/dueNow.ts says). Its common parts are the
 * words of every buyer's mail and page: when, the cities, the personal link's button and note, what to prepare, whom to
 * ask, the sign-off (shared/components/mail/MailFrame.tsx, shared/components/BuyerCards.tsx), and /gracias repeats the
 * mail (thanksPageWords.ts). The invite's name and its alarms are here too (server/fulfilment/mail/buyerInvite.ts).
 */
import { OPENS_BEFORE_MINUTES, workshop } from './siteFacts';

/** The invite's file name, as the buyer sees it. */
const ICS_FILE_NAME = 'taller-marca-autoridad.ics';
/** The invite's alarms as the texts say them: their minutes are in server/fulfilment/mail/buyerInvite.ts. */
const INVITE_ALARMS = 'dos alarmas: un día antes y una hora antes';

/**
 * The confirmation mail (docs/fulfilment.md): what a buyer receives, in Spanish, once the payment is confirmed.
 * The date, the times in each city of `details.cities` and the buyer's personal link are filled in from the settings.
 */
export const confirmation = {
  subject: 'Tu lugar está confirmado: Taller en vivo Marca de Autoridad con IA',
  /** "¡Hola, Ana!", or without a name when the checkout had none. */
  greeting: (firstName: string | null): string => (firstName ? `¡Hola, ${firstName}!` : '¡Hola!'),
  lead: 'Tu pago está confirmado y tu lugar en el taller en vivo Marca de Autoridad con IA ya es tuyo. Aquí tienes todo lo que necesitas para el día del taller.',
  whenTitle: 'Cuándo',
  citiesTitle: 'La hora en tu ciudad',
  joinTitle: 'Cómo entrar',
  joinText: `El taller es en vivo por ${workshop.meetingService}. Este es tu enlace personal: se abre ${OPENS_BEFORE_MINUTES} minutos antes de empezar y te lleva directo a la sesión.`,
  joinCta: 'Entrar al taller',
  /** Under the personal link, wherever it is shown. */
  personalNote: 'Es solo para ti: no lo compartas. Si cambia el enlace de la sesión, este sigue funcionando.',
  calendarTitle: 'Tu invitación para el calendario',
  calendarText: `Adjuntamos una invitación (${ICS_FILE_NAME}) con tu enlace personal y ${INVITE_ALARMS}. Ábrela para añadir el taller a tu calendario.`,
  nextTitle: 'Lo que sigue',
  next: [
    'Un día antes y una hora antes del taller te escribimos para recordártelo, con tu enlace.',
    `Al terminar, te enviamos por correo la grabación (disponible ${workshop.recordingDays} días) y tus materiales: la fórmula en PDF, tu GPT personalizado y el banco de 50 ganchos.`,
  ],
  prepareTitle: 'Qué preparar',
  prepare: [
    'Una computadora con buena conexión a internet (el teléfono también sirve) y audífonos.',
    'Tu cuenta gratuita de ChatGPT abierta en el navegador.',
    'Algo para tomar notas.',
    'Piensa en tu clienta ideal y en dos o tres temas que dominas: trabajaremos con ellos en vivo.',
  ],
  contactTitle: '¿Dudas?',
  contactText: 'Responde a este correo o escríbenos a',
  signOff: 'Nos vemos en el taller,',
  icsFileName: ICS_FILE_NAME,
  /** How the invite's alarms are said, here and on the personal link (accessPageWords.ts). */
  inviteAlarms: INVITE_ALARMS,
  /** The titles of the invite's two alarms; their minutes are in server/fulfilment/mail/buyerInvite.ts. */
  reminders: { dayBefore: 'El taller en vivo es mañana', hourBefore: 'El taller en vivo empieza en 1 hora' },
} as const;
