/**
 * The cancellation mail's words, sent once to each buyer when WORKSHOP_CANCELLED is set (laid out by
 * shared/components/mail/CancellationMail.tsx, composed in server/fulfilment/mail/mailMessages.tsx). How the money and
 * the bonificación come back are the refund mail's words (refundMailWords.ts) and the seller's cancellation clause
 * (salePromises.ts); the personal link says the same (accessPageWords.ts, `accessChanges.cancelled`).
 */

/**
 * The one mail a cancellation sends each buyer (docs/fulfilment.md): that the workshop will not take place, how their
 * money comes back and their bonificación, with the invite that removes the event from their calendar.
 */
export const cancellationMail = {
  /** Followed by the date the workshop had: the subject names it. */
  subject: (when: string): string => `Cancelamos el taller del ${when}`,
  heading: (firstName: string | null): string => (firstName ? `${firstName}, cancelamos el taller` : 'Cancelamos el taller'),
  lead: 'Lo sentimos mucho: tuvimos que cancelar el taller en vivo Marca de Autoridad con IA, que estaba programado para la fecha de abajo. No tienes que pedir nada.',
  whenTitle: 'La fecha cancelada',
  /** What was paid, all of it back. */
  refundAmount: (paid: string): string => `Te devolvemos el 100\u00a0% de lo que pagaste: ${paid}.`,
  signOff: 'Con una disculpa, y gracias por tu confianza,',
} as const;
