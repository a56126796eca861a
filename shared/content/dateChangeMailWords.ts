/**
 * The date-change mail's words, sent once to each buyer after a new WORKSHOP_START under the same EDITION (laid out by
 * shared/components/mail/DateChangeMail.tsx, composed in server/fulfilment/mail/mailMessages.tsx). The refund it offers
 * is asked for on the personal link (accessPageWords.ts, `accessChanges`) while `refundOpen` in
 * server/fulfilment/records/purchaseJourney.ts says (until the new start); its amounts and bonificación are worked out in
 * server/fulfilment/records/refundTerms.ts.
 */
import { confirmation } from './confirmationMailWords';
import { sellerCancellation } from './salePromises';

/**
 * The mail a new WORKSHOP_START sends each buyer once (docs/fulfilment.md): the new date, in every city, with the
 * invite that moves the event in their calendar; and what the terms offer, to keep the place or to be refunded.
 */
export const dateChangeMail = {
  /** Followed by the new date and time, with its year: the subject names it. */
  subject: (when: string): string => `Cambiamos la fecha del taller: ahora es el ${when}`,
  heading: (firstName: string | null): string => (firstName ? `${firstName}, cambiamos la fecha del taller` : 'Cambiamos la fecha del taller'),
  lead: 'Tuvimos que mover el taller en vivo Marca de Autoridad con IA a una nueva fecha, y te pedimos una disculpa por el cambio. Tu lugar sigue siendo tuyo.',
  whenTitle: 'La nueva fecha',
  keepTitle: 'Si la nueva fecha te funciona',
  keepText: `No tienes que hacer nada: tu lugar y tu enlace personal siguen igual. Adjuntamos tu invitación actualizada (${confirmation.icsFileName}): al abrirla, tu calendario mueve el taller a la nueva fecha, con sus alarmas.`,
  refundTitle: 'Si la nueva fecha no te funciona',
  /** The amounts: all that was paid, then the bonificación. */
  refundText: (paid: string, bonus: string): string =>
    `Te devolvemos el 100\u00a0% de lo que pagaste (${paid}) y, además, te pagamos una bonificación de ${bonus}, el ${sellerCancellation.bonificationPercent}\u00a0% de ese monto. Pídelo desde tu enlace personal, con el botón «Prefiero mi reembolso», en cualquier momento antes de la nueva fecha.`,
  /** A free place: nothing to refund. */
  freeText: 'Si la nueva fecha no te funciona, responde a este correo y liberamos tu lugar.',
} as const;
