/**
 * The seller's page, /panel (laid out by shared/components/panel/, served by server/panel/panelRoutes.ts): signing in
 * without a password, what she sees of her sale (its state, the places, the money, where the sales came from, her
 * buyers and their mails, the last sweep), sending a buyer their confirmation again, and the refusals and answers of
 * each form. The changes' forms, previews, codes, progress and history are in `panelChanges` (the engine's own words,
 * each change's summary and each refusal, are in saleChangeWords.ts); her mails (the sign-in link, the code, the
 * morning summary) in panelMailWords.ts. She is the owner, not an engineer: every sentence says what happened and what
 * to do.
 */
import type { SaleState } from '../logic/sale';

export const panel = {
  title: 'Tu panel',
  brand: 'Panel de tu taller',
  signOut: 'Salir',
  sessionUntil: (label: string): string => `Tu sesión dura hasta el ${label}.`,
  signedOut: {
    heading: 'Tu panel',
    lead: 'Aquí ves tu venta y la cambias: la fecha, el cierre, la grabación, la siguiente edición.',
    how: 'Para entrar no necesitas contraseña: te mandamos un enlace a tu correo y lo abres en este mismo navegador.',
    cta: 'Mandarme el enlace para entrar',
    /** The owner's address, half hidden: anyone can open this page. */
    where: (masked: string): string => `Llega a ${masked} y sirve una vez, durante 15 minutos.`,
  },
  linkSent: {
    heading: 'Revisa tu correo',
    text: (masked: string): string => `Te mandamos un enlace a ${masked}. Sirve una vez, durante 15 minutos.`,
    hint: 'Ábrelo en este mismo navegador. Si no llega en un par de minutos, revisa la carpeta de spam.',
    again: 'Mandar otro enlace',
  },
  tooMany: {
    heading: 'Ya mandamos varios enlaces',
    text: (label: string): string =>
      `Por seguridad mandamos pocos enlaces por hora, pida quien los pida. Usa el último que te llegó, o pide otro después de las ${label}.`,
  },
  confirm: {
    heading: 'Entra a tu panel',
    lead: 'Pulsa el botón para terminar de entrar. Tu sesión dura 12 horas en este navegador.',
    cta: 'Entrar al panel',
  },
  linkSpent: {
    heading: 'Este enlace ya no sirve',
    text: 'Cada enlace sirve una sola vez y durante 15 minutos. Pide otro: llega en un momento.',
  },
  /** Stripe or the mail server did not answer: nothing happened, and she may try again. */
  unavailable: {
    heading: 'No pudimos terminar',
    text: 'Stripe o el correo no respondieron a tiempo y no cambió nada. Vuelve a intentarlo en un minuto.',
  },
  /** A form that did not come from this page (another site, a stale page): nothing happened. */
  refused: {
    heading: 'No hicimos nada',
    text: 'Ese formulario no venía de tu panel, o la página era de otra sesión. Vuelve a abrir tu panel e inténtalo desde ahí.',
  },
  backToPanel: 'Volver a tu panel',

  overview: {
    heading: 'Tu venta',
    /** Each state of the sale, as she reads it. */
    state: {
      'early-bird': 'A la venta: precio Early Bird',
      normal: 'A la venta: precio normal',
      'sold-out': 'Cupo lleno',
      closed: 'Inscripciones cerradas',
      cancelled: 'Taller cancelado',
    } satisfies Record<SaleState, string>,
    edition: 'Edición',
    workshop: 'El taller',
    /** What comes next by itself, and when: "A las 11:59 p. m. del martes…, pasa a precio normal". */
    next: (state: SaleState, label: string): string => `El ${label} ${NEXT_STATE[state]}`,
    nothingNext: 'No cambia sola: solo cambia si tú la cambias.',
    /** Until the first sweep has listed the purchases, on an instance that just started. */
    notYetListed: 'Estamos leyendo tus compras en Stripe: vuelve a cargar la página en un minuto.',
  },

  places: {
    heading: 'Lugares',
    link: { early_bird: 'Early Bird', normal: 'Precio normal' },
    sold: (count: number): string => `${count} ${count === 1 ? 'vendido' : 'vendidos'}`,
    left: (left: number, limit: number): string => `quedan ${left} de ${limit}`,
    uncounted: 'sin límite en Stripe',
    closed: 'venta cerrada',
    vouchers: (count: number, untilLabel: string | null): string =>
      `${count} ${count === 1 ? 'ficha OXXO por pagar' : 'fichas OXXO por pagar'}${untilLabel ? `: la última vence el ${untilLabel}` : ''}`,
    noVouchers: 'Ninguna ficha por pagar.',
  },

  money: {
    heading: 'Dinero',
    in: 'Cobrado',
    refunded: 'Reembolsado',
    disputed: 'En disputa',
    bonifications: 'Bonificaciones por transferir',
    none: 'nada',
    count: (count: number): string => `${count} ${count === 1 ? 'compra' : 'compras'}`,
    bonificationsHint: 'Se pagan por transferencia cuando la compradora te manda su CLABE.',
  },

  sources: {
    heading: 'De dónde vienen las ventas',
    lead: 'La publicación o campaña que traía cada venta al llegar al pago (utm_source y utm_campaign).',
    source: 'Origen',
    campaign: 'Campaña',
    sales: 'Ventas',
    direct: 'Sin etiqueta',
    none: 'Todavía no hay ventas.',
  },

  buyers: {
    heading: 'Tus compradoras',
    searchLabel: 'Buscar por nombre o correo',
    searchCta: 'Buscar',
    clear: 'Ver todas',
    count: (shown: number, total: number): string => (shown === total ? `${total} en total.` : `${shown} de ${total}: busca para encontrar a alguien.`),
    found: (count: number, query: string): string => `${count} ${count === 1 ? 'resultado' : 'resultados'} para «${query}».`,
    none: 'Todavía no hay compras.',
    nothingFound: (query: string): string => `Nadie coincide con «${query}».`,
    standing: {
      paid: 'Pagado',
      free: 'Sin costo',
      awaiting_payment: 'Ficha por pagar',
      payment_failed: 'Ficha vencida',
      refunded: 'Reembolsado',
      disputed: 'En disputa',
    },
    voucherUntil: (label: string): string => `vence el ${label}`,
    paidAt: (label: string): string => `compró el ${label}`,
    earlierEdition: 'de una edición anterior',
    mails: 'Correos',
    /** After a mail's name ("Confirmación: se envió"): the same words whatever the mail's gender. */
    sent: 'se envió',
    due: 'pendiente',
    failed: 'falló, se reintenta',
    undeliverable: 'rebotó: la dirección no existe',
    noMails: 'ninguno todavía.',
    mail: {
      confirmation: 'Confirmación',
      date_change: 'Nueva fecha',
      day_before: 'Recordatorio un día antes',
      hour_before: 'Recordatorio una hora antes',
      recording: 'Grabación',
      refund: 'Reembolso',
      cancellation: 'Cancelación',
    },
    resent: (label: string): string => `Confirmación reenviada el ${label}.`,
    resend: 'Reenviar su confirmación',
    resendHint: '«Reenviar su confirmación» le manda otra vez el mismo correo, con su mismo enlace personal.',
  },

  resend: {
    done: (name: string): string => `Listo: le reenviamos su confirmación a ${name}.`,
    already: 'Ese botón ya se pulsó: la confirmación ya salió. Para mandarla otra vez, vuelve a cargar la página y púlsalo de nuevo.',
    noAccess: 'Esa compra ya no tiene acceso (reembolsada, en disputa o sin pagar): no hay confirmación que reenviar.',
    notFound: 'No encontramos esa compra en Stripe.',
    mailFailed: 'El servidor de correo no aceptó el mensaje. Vuelve a intentarlo en unos minutos.',
  },

  sweep: {
    heading: 'Lo que el sitio hace solo',
    lead: 'Cada minuto el sitio revisa todas tus compras en Stripe y manda lo que toca: confirmaciones, recordatorios, avisos.',
    last: (ago: string, purchases: number, sent: number, failed: number): string =>
      `Última revisión ${ago}: ${purchases} ${purchases === 1 ? 'compra' : 'compras'}, ${sent} ${sent === 1 ? 'correo enviado' : 'correos enviados'}, ${failed} ${failed === 1 ? 'falló' : 'fallaron'}.`,
    stopped: 'Esa revisión se detuvo antes de terminar: la siguiente sigue donde quedó.',
    none: 'Todavía no termina la primera revisión desde que arrancó el sitio.',
    ago: (seconds: number): string =>
      seconds < 60 ? `hace ${Math.max(1, seconds)} s` : seconds < 3600 ? `hace ${Math.floor(seconds / 60)} min` : `hace ${Math.floor(seconds / 3600)} h`,
  },
} as const;

/** What the sale becomes by itself at its next moment. */
const NEXT_STATE: Record<SaleState, string> = {
  'early-bird': 'termina el precio Early Bird.',
  normal: 'empieza el taller y se cierran las inscripciones.',
  'sold-out': 'empieza el taller y se cierran las inscripciones.',
  closed: '',
  cancelled: '',
};

/** The changes she makes: the forms, the preview with its code, the change under way, and what was changed before. */
export const panelChanges = {
  heading: 'Cambiar tu venta',
  lead: 'Cada cambio te muestra antes qué va a pasar. Lo confirmas con un código que te llega por correo, y durante unos minutos puedes deshacerlo sin que salga nada.',
  date: {
    title: 'Cambiar la fecha del taller',
    label: 'Nueva fecha y hora (hora de la Ciudad de México)',
    hint: 'Cada compradora recibe un correo con la nueva fecha y una invitación que mueve el evento en su calendario. Puede pedir su reembolso hasta la nueva fecha.',
    cta: 'Ver qué va a pasar',
  },
  close: {
    title: 'Cerrar las inscripciones ahora',
    hint: 'La página deja de vender y dice que el cupo está lleno; los enlaces de pago se apagan. Las compradoras no reciben nada.',
    cta: 'Ver qué va a pasar',
  },
  cancel: {
    title: 'Cancelar el taller',
    hint: 'Cada compradora recibe un correo de cancelación y su reembolso completo; las que pagaron en OXXO, por transferencia. Debes una bonificación a cada una.',
    cta: 'Ver qué va a pasar',
  },
  recording: {
    title: 'El enlace de la grabación',
    label: 'Enlace de la grabación (https://…)',
    hint: 'Cuando termine el taller, cada compradora recibe su correo con la grabación y los materiales.',
    cta: 'Ver qué va a pasar',
  },
  edition: {
    title: 'Abrir la siguiente edición',
    nameLabel: 'Nombre de la edición (por ejemplo 2027-05)',
    startLabel: 'Fecha y hora del taller (hora de la Ciudad de México)',
    deadlineLabel: 'Fin del precio Early Bird (hora de la Ciudad de México)',
    hint: 'El sitio crea en Stripe los enlaces de pago de la nueva edición, con el mismo precio y el mismo cupo. Las compradoras de esta edición conservan lo suyo.',
    cta: 'Ver qué va a pasar',
  },
  preview: {
    heading: 'Revisa el cambio antes de confirmarlo',
    change: 'El cambio',
    takesEffect: (label: string, minutes: number): string =>
      `Entra en vigor el ${label}, ${minutes} minutos después de que lo confirmes. Hasta entonces puedes deshacerlo y no sale nada.`,
    buyersTitle: 'A quién le llega',
    buyers: (count: number): string => (count === 0 ? 'A ninguna compradora.' : `A ${count} ${count === 1 ? 'compradora' : 'compradoras'}.`),
    mail: (label: string, count: number): string => `${count} ${count === 1 ? 'recibe' : 'reciben'} el correo «${label}».`,
    refundsTitle: 'Reembolsos',
    noRefunds: 'Ninguno.',
    refunds: (count: number, total: string): string => `${count} ${count === 1 ? 'reembolso' : 'reembolsos'} a tarjeta, ${total} en total, que hace Stripe.`,
    byTransfer: (count: number): string => `${count} ${count === 1 ? 'pago' : 'pagos'} en OXXO: ese dinero lo devuelves tú por transferencia.`,
    bonifications: (total: string): string => `Bonificaciones que debes transferir: ${total} en total.`,
    pageTitle: 'Lo que dirá tu página',
    linksTitle: 'Los enlaces de pago que se crean en Stripe',
    link: (name: string, price: string, limit: number | null): string =>
      `${name}: ${price}${limit === null ? ', sin límite de lugares' : `, ${limit} lugares`}.`,
    sampleTitle: 'El correo que recibe cada compradora',
    sampleLead: 'Así lo verá cada una (con su nombre y su enlace personal):',
    sampleSubject: 'Asunto:',
    listed: (label: string): string => `Contado sobre tus compras como estaban el ${label}.`,
    codeLabel: 'Código de 6 números',
    codeSent: (masked: string): string => `Te mandamos el código a ${masked}. Sirve 15 minutos.`,
    confirm: 'Confirmar el cambio',
    back: 'No, volver a mi panel',
    refusedTitle: 'Este cambio no se puede hacer',
  },
  code: {
    wrong: 'Ese no es el código que te mandamos. Revísalo y vuelve a escribirlo.',
    expired: 'El código venció. Vuelve a pedir el cambio para recibir otro.',
    tooMany: 'Demasiados intentos con este código. Vuelve a pedir el cambio para recibir otro.',
    tooManyMails: (label: string): string => `Ya te mandamos varios códigos en esta hora. Vuelve a intentarlo después de las ${label}.`,
    used: 'Ese código ya se usó: el cambio ya está guardado.',
  },
  underWay: {
    heading: 'Cambio en curso',
    /** Once every mail and refund it owed is made. */
    doneHeading: 'Último cambio',
    pending: (label: string): string => `Entra en vigor el ${label}. Hasta entonces no se envía nada y puedes deshacerlo.`,
    undo: 'Deshacer',
    mails: (sent: number, due: number): string => `${sent} de ${due} correos enviados`,
    refunds: (made: number, due: number): string => `${made} de ${due} reembolsos hechos`,
    failed: (count: number): string => `${count} ${count === 1 ? 'correo rebotó' : 'correos rebotaron'}: la dirección no existe; escríbeles por otro medio.`,
    nothingToSend: 'No hay correos ni reembolsos que hacer.',
    done: 'Terminado.',
    working: 'El sitio lo va haciendo en cada revisión, cada minuto.',
  },
  history: {
    heading: 'Cambios anteriores',
    by: { panel: 'desde tu panel', entorno: 'desde la configuración del servidor' },
  },
  origins: {
    title: 'De dónde sale cada ajuste',
    panel: 'lo cambiaste en tu panel',
    entorno: 'configuración del servidor',
    setting: { edition: 'Edición', dates: 'Fechas', soldOut: 'Cierre', cancelled: 'Cancelación', recordingUrl: 'Grabación', links: 'Enlaces de pago' },
  },
  notices: {
    scheduled: (label: string): string => `Listo: el cambio quedó guardado y entra en vigor el ${label}. Puedes deshacerlo hasta entonces.`,
    undone: 'Listo: deshiciste el cambio. No se envió nada.',
  },
} as const;
