/**
 * The words of a change to the sale the owner makes while it runs (docs/sale.md, "Changing the sale"): what each change
 * is called in its history, and the sentence that refuses one that makes no sense. The panel shows them (its page and
 * forms are the panel's own words); the log and `npm run preflight` quote the refusals of a change the environment asked
 * for. Dates come in written out (shared/logic/schedule.ts), never typed here.
 */

/** What each change is, in a line of its history. */
export const changeSummaries = {
  date: (when: string): string => `Nueva fecha: ${when}`,
  close: 'Inscripciones cerradas',
  cancel: 'Taller cancelado',
  recording: 'Nuevo enlace de la grabación',
  edition: (name: string, when: string): string => `Nueva edición «${name}»: ${when}`,
  /** A restart with other settings: which ones, by their variables' names. */
  environment: (variables: string): string => `Cambio en el entorno: ${variables}`,
  undone: (summary: string): string => `Deshecho: ${summary}`,
} as const;

/**
 * What the public page says once a change is in force, for the preview: the price card's own words for a sale that has
 * ended (shared/content/landingPageWords.ts, `pricing`), and these for one that sells.
 */
export const pageAfterChange = {
  earlyBird: (until: string, when: string): string => `Vende a precio Early Bird hasta el ${until}; el taller es el ${when}.`,
  normal: (when: string): string => `Vende a precio normal; el taller es el ${when}.`,
} as const;

/** Why a change is refused: one sentence each, saying what to do instead where there is something to do. */
export const changeRefusals = {
  badDate: 'Escribe la fecha y la hora como AAAA-MM-DDTHH:MM, por ejemplo 2025-10-15T20:00 (hora de la Ciudad de México).',
  dateInPast: (earliest: string): string => `Esa fecha ya habrá pasado cuando el cambio entre en vigor: elige una posterior al ${earliest}.`,
  sameDate: 'Esa ya es la fecha del taller.',
  dateAfterEnd: (when: string): string => `El taller del ${when} ya terminó: no se le puede dar otra fecha. Para volver a darlo, abre una nueva edición.`,
  cancelled: 'El taller está cancelado: ya no se le puede dar otra fecha ni cerrar sus inscripciones. Para volver a darlo, abre una nueva edición.',
  alreadyClosed: 'Las inscripciones ya están cerradas.',
  closedByStart: 'Las inscripciones se cerraron solas al empezar el taller.',
  alreadyCancelled: 'El taller ya está cancelado.',
  cancelAfterEnd: (when: string): string => `El taller del ${when} ya terminó: ya no se puede cancelar.`,
  underWay: (what: string, until: string): string =>
    `Ya hay un cambio en curso («${what}»), que entra en vigor el ${until}: deshazlo, o espera a que termine, antes de hacer otro.`,
  inProgress: (what: string): string => `El cambio «${what}» aún está enviando correos o haciendo reembolsos: espera a que termine antes de hacer otro.`,
  uncancelLate: 'La cancelación ya entró en vigor: los correos y los reembolsos ya salieron, así que no se puede deshacer.',
  undoLate: 'Ese cambio ya entró en vigor: ya no se puede deshacer.',
  undoUnknown: 'Ese cambio ya no está pendiente: mira el cambio en curso.',
  badRecording: 'Escribe el enlace completo de la grabación: que empiece con https:// y tenga hasta 500 caracteres.',
  sameRecording: 'Ese ya es el enlace de la grabación.',
  badEdition: 'El nombre de la edición lleva de 1 a 40 letras minúsculas, números o guiones, por ejemplo 2026-01.',
  editionUsed: 'Ese nombre ya es de una edición anterior o de la actual: elige otro.',
  editionNotOver: (when: string): string => `El taller de esta edición (${when}) aún no termina: abre la siguiente cuando termine, o cancela esta primero.`,
  deadlineAfterStart: 'La preventa debe terminar antes de que empiece el taller.',
  noLinks: 'Para abrir otra edición, la actual necesita su enlace de pago Early Bird con un solo precio.',
  noStripe: 'Sin la llave de Stripe no se pueden guardar cambios: la venta sigue los ajustes del entorno.',
  recordUnreadable: 'Los ajustes guardados en Stripe no se pueden leer: no se guardó nada. Avisa a quien opera el sitio.',
  conflict: 'Otro cambio se guardó al mismo tiempo: vuelve a cargar la página e inténtalo de nuevo.',
  stripeDown: 'Stripe no respondió: no se guardó nada. Inténtalo de nuevo en un minuto.',
} as const;
