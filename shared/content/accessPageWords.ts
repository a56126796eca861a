/**
 * The buyer's personal link, /acceso/<token> (shared/components/AccessPage.tsx, served by
 * server/fulfilment/pages/accessRoute.ts): before the workshop, after it, access ended, a link not found; then what it
 * says of the changes after the sale (`accessChanges`): a new date and its refund's confirmation step, a cancellation, a
 * refund asked for. When it opens onto the meeting: `opensMs` in shared/logic/journey.ts; the token:
 * server/fulfilment/pages/accessToken.ts. The cards it shares with /gracias (when, what to prepare) take the
 * confirmation's words (confirmationMailWords.ts).
 */
import { confirmation } from './confirmationMailWords';
import { OPENS_BEFORE_MINUTES, workshop } from './siteFacts';

/**
 * The buyer's personal link, /acceso/<token> (docs/fulfilment.md): the details before the workshop, the way in during
 * it, the recording and the materials after it, and a page for access that has ended.
 */
export const access = {
  title: 'Tu acceso al taller',
  before: {
    eyebrow: 'Tu acceso personal',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, tu lugar en el taller te espera` : 'Tu lugar en el taller te espera'),
    lead: 'Esta es tu página personal del taller. Guárdala: es la misma a la que te llevan todos nuestros correos.',
    opensTitle: 'Cómo entrar',
    /** Followed by the moment it opens, in words. */
    opensLead: `El enlace se abre ${OPENS_BEFORE_MINUTES} minutos antes, el`,
    opensText: `A esa hora, vuelve a esta misma página y te llevará directo a ${workshop.meetingService}.`,
    calendarTitle: 'Añádelo a tu calendario',
    googleCalendarCta: 'Añadir a Google Calendar',
    icsCta: 'Descargar la invitación (.ics)',
    calendarHint: `La invitación lleva este mismo enlace personal y ${confirmation.inviteAlarms}.`,
    remindersNote: 'También te escribimos un día antes y una hora antes del taller.',
  },
  after: {
    eyebrow: 'Después del taller',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, tu grabación y tus materiales` : 'Tu grabación y tus materiales'),
    lead: 'Gracias por ser parte del taller. Aquí tienes la grabación y los materiales que incluye tu lugar.',
    recordingTitle: 'La grabación del taller',
    recordingCta: 'Ver la grabación',
    /** Followed by the last day, in words with its year. */
    recordingUntil: 'Disponible hasta el',
    recordingEnded: 'El periodo para ver la grabación terminó el',
    materialsTitle: 'Tus materiales',
    materials: {
      formula: { title: 'Fórmula probada (PDF)', cta: 'Descargar la fórmula' },
      gpt: { title: 'GPT personalizado para videos y carruseles', cta: 'Abrir tu GPT' },
      hooks: { title: 'Banco de 50 ganchos', cta: 'Abrir el banco de ganchos' },
    },
    /** Where the owner has not set a link yet: never a dead link. */
    comingSoon: 'Lo recibirás por correo muy pronto.',
  },
  ended: {
    heading: 'Tu acceso al taller terminó',
    text: 'Este enlace ya no da acceso al taller ni a sus materiales porque la compra se reembolsó o el pago se disputó con el banco.',
    contactLead: 'Si crees que es un error, escríbenos a',
  },
  notFound: {
    heading: 'No encontramos este enlace',
    text: 'Revisa que lo hayas copiado completo desde tu correo. Si el problema sigue, escríbenos y lo resolvemos.',
    contactLead: 'Escríbenos a',
  },
  unavailable: {
    heading: 'No pudimos abrir tu acceso en este momento',
    text: 'Tu lugar no se ve afectado. Vuelve a cargar esta página en un minuto.',
    contactLead: 'Si el problema sigue, escríbenos a',
  },
  backHome: 'Volver al inicio',
} as const;

/**
 * What a buyer's personal link says of the changes after the sale: a new date, with the refund it entitles them to
 * and its confirmation step; a cancellation; a refund they asked for.
 */
export const accessChanges = {
  change: {
    title: 'Cambiamos la fecha',
    /** Followed by the date bought for. */
    fromLead: 'El taller estaba programado para el',
    fromText: 'Lo movimos a la fecha de arriba. Tu lugar sigue siendo tuyo: no tienes que hacer nada.',
    /** The amounts, then until when it may be asked for. */
    refundText: (paid: string, bonus: string, until: string): string =>
      `Si la nueva fecha no te funciona, te devolvemos el 100\u00a0% de lo que pagaste (${paid}) y te pagamos una bonificación de ${bonus}. Puedes pedirlo hasta el ${until}.`,
    refundCta: 'Prefiero mi reembolso',
  },
  confirm: {
    title: 'Confirma tu reembolso',
    eyebrow: 'Reembolso por cambio de fecha',
    heading: '¿Prefieres que te devolvamos tu dinero?',
    lead: 'Al confirmar, liberamos tu lugar en el taller y te devolvemos tu pago. No se puede deshacer.',
    /** What comes back, and how. */
    refundLine: (paid: string): string => `Te devolvemos ${paid}, el 100\u00a0% de lo que pagaste.`,
    byCard: 'Lo devolvemos al mismo medio con el que pagaste; tu banco puede tardar unos días hábiles en reflejarlo.',
    detailsByMail: 'Al confirmar te escribimos por correo, y ahí nos respondes con esos datos.',
    confirmCta: 'Sí, quiero mi reembolso',
    keepCta: 'No, conservo mi lugar',
  },
  closed: {
    heading: 'Este reembolso ya no está disponible',
    text: 'El reembolso por el cambio de fecha se puede pedir hasta que empieza el taller en la nueva fecha, y solo por una compra pagada. Tu enlace personal te dice cómo está tu lugar.',
    back: 'Volver a tu enlace personal',
  },
  cancelled: {
    eyebrow: 'Taller cancelado',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, cancelamos el taller` : 'Cancelamos el taller'),
    lead: 'Lo sentimos mucho: tuvimos que cancelar el taller en vivo Marca de Autoridad con IA. No tienes que pedir nada: así te devolvemos tu dinero.',
  },
  withdrawn: {
    eyebrow: 'Reembolso',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, te devolvemos tu pago` : 'Te devolvemos tu pago'),
    lead: 'Pediste el reembolso porque la nueva fecha del taller no te funciona. Tu lugar quedó liberado.',
  },
  refundTitle: 'Tu devolución',
  bonusTitle: 'Tu bonificación',
} as const;
