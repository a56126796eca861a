/**
 * The words of the mail that carries the link confirming a refund after a new date (laid out by
 * shared/components/mail/RefundLinkMail.tsx, composed in server/fulfilment/mail/refundLinkMessage.tsx), sent to the
 * purchase's own address when its buyer presses the button of their personal link's refund step. What comes back is
 * said as on that step (accessPageWords.ts, `accessChanges.confirm`); how it is confirmed, as the terms say it
 * (salePromises.ts, `refundByMail`).
 */

import { accessChanges } from './accessPageWords';

/** The mail with the confirmation link (docs/fulfilment.md): what it is for, its button, until when it holds, and who may ignore it. */
export const refundLinkMail = {
  subject: 'Confirma tu reembolso: Taller en vivo Marca de Autoridad con IA',
  heading: (firstName: string | null): string => (firstName ? `${firstName}, confirma tu reembolso` : 'Confirma tu reembolso'),
  lead: `Pediste desde tu enlace personal el reembolso por el cambio de fecha del taller. Para confirmarlo, abre este enlace y, en la página que se abre, pulsa «${accessChanges.link.confirmCta}»:`,
  cta: 'Confirmar mi reembolso',
  /** Until when it holds, in words with its zone. */
  until: (until: string): string => `El enlace vale hasta el ${until}, y una sola vez. Si se vence, pide otro desde tu enlace personal.`,
  amountsTitle: 'Lo que te devolvemos',
  notYou: 'Si no lo pediste tú, no hagas nada: tu lugar sigue siendo tuyo.',
  signOff: 'Gracias,',
} as const;
