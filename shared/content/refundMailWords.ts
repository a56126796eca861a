/**
 * The refund mail's words (laid out by shared/components/mail/RefundMail.tsx), for a refund the site makes by itself: a
 * payment after the end, or a new date the buyer declined. How the money comes back (byCard, byTransfer, processing,
 * nothingPaid) is said in every refund's mail and page alike (shared/components/mail/MoneyBack.tsx), the cancellation
 * mail's included. Which purchases get one: server/fulfilment/settle/dueNow.ts; the amounts:
 * server/fulfilment/records/refundTerms.ts.
 */
import { confirmation } from './confirmationMailWords';
import { refundPromise } from './salePromises';

/**
 * The mail that comes with a refund the site makes by itself (docs/fulfilment.md): why, and how the money comes back;
 * by bank transfer where Stripe cannot refund (a voucher paid in cash at OXXO).
 */
export const refundMail = {
  subject: 'Te devolvemos tu pago: Taller en vivo Marca de Autoridad con IA',
  heading: (firstName: string | null): string => (firstName ? `${firstName}, te devolvemos tu pago` : 'Te devolvemos tu pago'),
  /** Why, for each reason the site refunds with this mail (a cancellation has a mail of its own). */
  reasons: {
    after_end:
      'Tu pago se completó cuando el taller en vivo ya había terminado, así que ya no había una sesión a la cual entrar. Por eso te devolvemos el 100 % de lo que pagaste, sin que tengas que pedirlo.',
    date_change:
      'Nos pediste desde tu enlace personal el reembolso, porque la nueva fecha del taller no te funciona. Tu lugar quedó liberado, y te devolvemos el 100 % de lo que pagaste.',
  },
  /** Refunded at Stripe, to the card (or wallet) that paid. */
  byCard: 'Ya emitimos el reembolso completo al mismo medio con el que pagaste. Tu banco puede tardar unos días hábiles en reflejarlo.',
  /** Stripe cannot refund a cash payment at OXXO: the owner transfers it. */
  byTransfer: `Stripe no puede devolver un pago en efectivo en OXXO, así que te lo devolvemos por transferencia bancaria: responde a este correo con tu CLABE de 18 dígitos y el nombre de quien la tiene, y te transferimos a más tardar ${refundPromise.issueDays} días hábiles después de recibir esos datos.`,
  /** Not refunded yet (Stripe refused it, or is still to be asked): the owner sees to it. */
  processing: `Tu reembolso está en proceso. Si necesitamos algún dato para completarlo, te escribimos; lo recibirás a más tardar ${refundPromise.issueDays} días hábiles después.`,
  /** A free place (a 100 % promotion code). */
  nothingPaid: 'Tu lugar no tuvo costo, así que no hay ningún pago que devolverte.',
  /** A purchase whose event the mail removes from the buyer's calendar. */
  calendarRemoved: `Adjuntamos la actualización de tu invitación (${confirmation.icsFileName}): al abrirla, tu calendario quita el taller.`,
  nextEdition: 'Si quieres que te avisemos cuando abramos la próxima edición, responde a este correo.',
  signOff: 'Gracias por tu interés,',
} as const;
