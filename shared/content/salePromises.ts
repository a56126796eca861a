/**
 * What the sale promises, each said once so that every place that says it says it the same way: the refund policy
 * (the price card's guarantee and the FAQ in landingPageWords.ts, /reembolsos and /terminos in legalTexts.ts), a
 * voucher's refund and expiry, payments that arrive late (the terms, /gracias in thanksPageWords.ts), the seller's
 * cancellation with its bonificación (the terms, the refund page, the date-change and cancellation mails and the personal
 * link), how a refund after a new date is confirmed by mail (the terms, the personal link, its mail), and how to ask for an invoice (the FAQ, the terms). The amounts a refund pays are worked out in
 * server/fulfilment/records/refundTerms.ts; the last day to ask, from windowDays, in server/render/documents.tsx.
 */

/**
 * The one refund policy (docs/decisions/0012-one-refund-policy.md), in the words the guarantee, the FAQ and the
 * refund page all use: a free follow-up session for a participant who lacks clarity, or the money back when asked
 * for within the window.
 */
const REFUND_WINDOW_DAYS = 7;
export const refundPromise = {
  /** Calendar days after the workshop's date, in Mexico City, to ask for the money back. */
  windowDays: REFUND_WINDOW_DAYS,
  /** The guarantee under the price, as the specification wrote it. */
  clarity: 'Si al terminar el taller todavía no tienes claridad sobre tu estrategia, te regalo una sesión de seguimiento sin costo.',
  moneyBack: `Y si prefieres recuperar tu dinero, te devolvemos el 100 % de tu inversión: solo escríbenos dentro de los ${REFUND_WINDOW_DAYS} días naturales posteriores al taller.`,
  /** Business days, from the buyer's mail, within which the owner issues a refund. */
  issueDays: 5,
} as const;

/**
 * How a voucher payment comes back: Stripe cannot refund a cash payment at OXXO, so the owner sends a bank transfer.
 * One sentence, on the refund page and in the terms.
 */
export const voucherRefund = `Si pagaste en efectivo con una ficha de OXXO, Stripe no puede devolver ese pago: te lo devolvemos por transferencia bancaria a la cuenta que nos indiques (su CLABE de 18 dígitos y el nombre de quien la tiene), a más tardar ${refundPromise.issueDays} días hábiles después de recibir esos datos.`;

/**
 * What becomes of a voucher or a transfer not paid in time, said once: in the terms' Early Bird clause and on the page
 * after the checkout while it waits. `placeBack` where the site gives the place back (docs/fulfilment.md): it does so
 * only while the Early Bird still sells.
 */
export const voucherExpiry = {
  lapse: 'Si vencen sin pagarse, la compra se cancela sin ningún cargo y pierdes el lugar apartado.',
  placeBack: 'Mientras siga la promoción Early Bird, ese lugar vuelve a ofrecerse con su precio y el contador de este sitio lo cuenta de nuevo.',
} as const;

/**
 * Payments that arrive late (docs/pricing.md): from a moment before the workshop the checkout takes cards only, so
 * that a voucher or transfer is credited in time; one credited late anyway, and a checkout completed once the workshop
 * has ended, are said here once, for the page after the checkout and the terms.
 */
export const latePayment = {
  /** Followed by the moment, in words with its year and zone. */
  cardsOnlyFrom: 'Para que todo pago con ficha de OXXO o transferencia se acredite antes del taller, la página de pago solo acepta tarjeta desde el',
  lateVoucher:
    'Si tu pago se acredita cuando el taller ya empezó, tu lugar sigue siendo tuyo y te llega tu enlace en cuanto se acredita. Si se acredita cuando el taller ya terminó, te devolvemos el 100 % por transferencia bancaria.',
  /** With the buyer's mails: the site refunds by itself and says so by mail. */
  afterEnd:
    'Un pago que se completa cuando el taller ya terminó (por ejemplo, desde una página de pago que se quedó abierta) se devuelve completo, sin que tengas que pedirlo, y te avisamos por correo.',
  /** Without them: the owner refunds it. */
  afterEndByHand: 'Un pago que se completa cuando el taller ya terminó (por ejemplo, desde una página de pago que se quedó abierta) te lo devolvemos completo.',
} as const;

/** LFPC art. 92 ter: the bonificación owed with the refund is at least this share of what was paid. */
const BONIFICATION_PERCENT = 20;
/**
 * When the seller does not deliver what was sold (LFPC arts. 92 and 92 ter): the refund, and a bonificación on top.
 * The clause is one sentence, in the terms and on the refund page; how each is paid is another, in the terms, on the
 * refund page and in every mail that owes a bonificación, so that all say it the same way (docs/fulfilment.md).
 */
export const sellerCancellation = {
  bonificationPercent: BONIFICATION_PERCENT,
  clause: `Si cancelamos el taller, o cambiamos su fecha y la nueva no te funciona, te devolvemos el 100 % de lo que pagaste y, además, te pagamos una bonificación del ${BONIFICATION_PERCENT} % de ese monto, como establecen los artículos 92 y 92 ter de la Ley Federal de Protección al Consumidor.`,
  /** Stripe refunds at most what it charged: the bonificación goes by bank transfer. */
  payment: `La devolución te llega como cualquier reembolso; la bonificación, por transferencia bancaria a la cuenta que nos indiques (su CLABE de 18 dígitos y el nombre de quien la tiene), a más tardar ${refundPromise.issueDays} días hábiles después de recibir esos datos.`,
  /** A buyer's own bonificación, with its amount: "9.80 USD". */
  amount: (amount: string): string => `Tu bonificación es de ${amount}, el ${BONIFICATION_PERCENT}\u00a0% de lo que pagaste.`,
  /** What the buyer does for it. */
  clabeRequest: 'Para recibirla, responde a este correo con tu CLABE de 18 dígitos y el nombre de quien la tiene.',
  /** On a page, where there is no mail to answer. */
  clabeByMail: 'Para recibirla, responde al correo que te enviamos con tu CLABE de 18 dígitos y el nombre de quien la tiene.',
} as const;

/**
 * How the refund a new date entitles a buyer to is asked for (docs/decisions/0030-a-refund-confirmed-by-mail.md): on the
 * personal link, then confirmed from the mailbox of the purchase, so that whoever else holds the link (a shared
 * calendar, a forwarded mail) cannot take the buyer's place away. One sentence, said the same way in the terms, on the
 * personal link's refund step and in the mail that carries the confirmation link.
 */
export const refundByMail = {
  /** How long a confirmation link holds: what the sentences below call "una hora". */
  linkMs: 60 * 60_000,
  howTo:
    'Para que nadie más pueda pedirlo por ti, el reembolso se confirma desde tu correo: te enviamos a la dirección con la que compraste un enlace que vale una hora y una sola vez, y tu reembolso se hace cuando lo confirmas ahí. Tu enlace personal, por sí solo, nunca hace un reembolso.',
} as const;

/**
 * How a buyer asks for a CFDI invoice: where, with which data (those CFDI 4.0 asks for), and by when in the month,
 * after which the sale is in the month's global invoice. The FAQ and the terms say it from these parts; the owner's
 * adviser checks them (docs/content.md).
 */
export const invoice = {
  question: '¿Puedo pedir factura (CFDI)?',
  deadline: 'a más tardar el último día del mes en que pagaste',
  data: [
    'tu RFC',
    'tu nombre o razón social, tal como aparece en tu Constancia de Situación Fiscal',
    'tu régimen fiscal',
    'el código postal de tu domicilio fiscal',
    'el uso que le darás al CFDI (por ejemplo, G03, gastos en general)',
  ],
  certificate: 'En lugar de esos datos puedes mandarnos tu Constancia de Situación Fiscal en PDF.',
  delivery: 'Te enviamos la factura por correo, en PDF y XML.',
  afterDeadline: 'Pasada esa fecha, tu compra queda en nuestra factura global del mes y ya no podemos facturarla a tu nombre.',
} as const;
