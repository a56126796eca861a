/**
 * The buyer's personal link, /acceso/<token> (shared/components/AccessPage.tsx, served by
 * server/fulfilment/pages/accessRoute.ts): before the workshop, after it, access ended, a link not found; then what it
 * says of the changes after the sale (`accessChanges`): a new date and its refund (the step on the personal link, the
 * answer that a confirmation link went by mail, the page that link opens), a cancellation, a refund asked for. When it
 * opens onto the meeting: `opensMs` in shared/logic/journey.ts; the tokens: server/fulfilment/pages/accessToken.ts. The
 * cards it shares with /gracias (when, what to prepare) take the confirmation's words (confirmationMailWords.ts).
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
 * What a buyer's personal link says of the changes after the sale: a new date, with the refund it entitles them to,
 * its step, the mail that confirms it and the page that mail's link opens; a cancellation; a refund they asked for.
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
  /** The personal link's refund step: what comes back, and the button that mails the link that confirms it. */
  confirm: {
    eyebrow: 'Reembolso por cambio de fecha',
    heading: '¿Prefieres que te devolvamos tu dinero?',
    lead: 'Al confirmarlo, liberamos tu lugar en el taller y te devolvemos tu pago. No se puede deshacer.',
    /** What comes back, and how. */
    refundLine: (paid: string): string => `Te devolvemos ${paid}, el 100\u00a0% de lo que pagaste.`,
    byCard: 'Lo devolvemos al mismo medio con el que pagaste; tu banco puede tardar unos días hábiles en reflejarlo.',
    detailsByMail: 'Al confirmar te escribimos por correo, y ahí nos respondes con esos datos.',
    howTitle: 'Cómo se confirma',
    sendCta: 'Enviarme el enlace para confirmar',
    keepCta: 'No, conservo mi lugar',
  },
  /** The answer to that button: where the link went, for how long; or that enough went this hour. */
  mailSent: {
    eyebrow: 'Revisa tu correo',
    heading: 'Te enviamos el enlace para confirmar tu reembolso',
    /** The address, partly hidden, then until when the link holds, in words with its zone. */
    lead: (to: string, until: string): string => `Lo enviamos a ${to}. Ábrelo y pulsa su botón para confirmar: vale hasta el ${until}, y una sola vez.`,
    spam: 'Si no lo ves en unos minutos, revisa tu carpeta de spam o de promociones.',
    keep: 'Mientras no lo confirmes, tu lugar sigue siendo tuyo.',
    limitedHeading: 'Ya te enviamos el enlace',
    limited:
      'En la última hora te enviamos varias veces el enlace para confirmar tu reembolso, al correo con el que compraste. Usa el más reciente (revisa también tu carpeta de spam): vale una hora. Podrás pedir otro más tarde.',
    back: 'Volver a tu enlace personal',
  },
  /** The page the mailed link opens: one button, since mail scanners open links too. */
  link: {
    eyebrow: 'Reembolso por cambio de fecha',
    heading: 'Confirma tu reembolso',
    lead: 'Al confirmar, liberamos tu lugar en el taller y te devolvemos tu pago. No se puede deshacer.',
    confirmCta: 'Sí, quiero mi reembolso',
    keepCta: 'No, conservo mi lugar',
  },
  /** A mailed link past its hour, or made for a date that moved again. */
  linkSpent: {
    heading: 'Este enlace ya no sirve',
    text: 'Cada enlace para confirmar tu reembolso vale una hora, y deja de servir si la fecha del taller cambia otra vez. Si ya lo confirmaste, tu enlace personal te dice cómo va; si todavía quieres tu reembolso, pide otro enlace desde ahí.',
    back: 'Ir a tu enlace personal',
  },
  closed: {
    heading: 'Este reembolso ya no está disponible',
    text: 'El reembolso por el cambio de fecha se puede pedir hasta que empieza el taller en la nueva fecha, y solo por una compra pagada. Tu enlace personal te dice cómo está tu lugar.',
    back: 'Volver a tu enlace personal',
  },
  /** The answer to the mailed link's button: decided, the refund on its way, its mail to follow. */
  started: {
    eyebrow: 'Reembolso confirmado',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, estamos haciendo tu reembolso` : 'Estamos haciendo tu reembolso'),
    lead: 'Recibimos tu confirmación y liberamos tu lugar. En unos minutos te llega un correo que confirma la devolución.',
  },
  cancelled: {
    eyebrow: 'Taller cancelado',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, cancelamos el taller` : 'Cancelamos el taller'),
    lead: 'Lo sentimos mucho: tuvimos que cancelar el taller en vivo Marca de Autoridad con IA. No tienes que pedir nada: así te devolvemos tu dinero.',
  },
  withdrawn: {
    eyebrow: 'Reembolso',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, te devolvemos tu pago` : 'Te devolvemos tu pago'),
    lead: 'Confirmaste desde tu correo el reembolso, porque la nueva fecha del taller no te funciona. Tu lugar quedó liberado.',
  },
  refundTitle: 'Tu devolución',
  bonusTitle: 'Tu bonificación',
} as const;
