/**
 * The made-up buyer of the sample mails `npm run preflight` sends the owner (server/preflight/sampleMails.ts), and the
 * note on the sample personal link they lead to (shared/components/AccessPage.tsx, server/fulfilment/pages/accessRoute.ts).
 */

/**
 * The made-up buyer of the samples `npm run preflight` mails the owner (docs/operations.md): every buyer's mail as it
 * goes, its subject marked, and a personal link that opens a page of made-up data, marked too.
 */
export const samplePurchase = {
  firstName: 'Mariana',
  /** Before each sample's subject. */
  subjectMark: '[Prueba]',
  pageNote: 'Página de muestra: así ve su enlace personal quien compra el taller. Los datos son de ejemplo y este enlace no da acceso a la sesión.',
} as const;
