/**
 * The mails the site sends the seller herself, to OWNER_EMAIL (laid out by shared/components/panel/OwnerMails.tsx,
 * composed and sent by server/panel/ownerMail.ts): the link that signs her in to /panel, the 6-digit code that
 * confirms a change she previewed, and the morning summary of the day before. Her page's words are in panelWords.ts.
 */

export const signInMail = {
  subject: 'Tu enlace para entrar al panel del taller',
  heading: 'Entra a tu panel',
  lead: 'Alguien pidió entrar a tu panel del taller. Si fuiste tú, pulsa el botón:',
  cta: 'Entrar a mi panel',
  /** Followed by the time it stops working. */
  expires: (label: string): string => `Sirve una sola vez y hasta las ${label}. Ábrelo en el mismo navegador desde el que lo pediste.`,
  notYou: 'Si no fuiste tú, ignora este correo: sin este enlace nadie entra a tu panel.',
};

export const codeMail = {
  subject: (code: string): string => `Tu código para confirmar el cambio: ${code}`,
  heading: 'Tu código para confirmar',
  lead: 'Pediste este cambio en tu panel:',
  codeLabel: 'Tu código',
  /** Followed by the time it stops working. */
  expires: (label: string): string => `Escríbelo en la página del cambio antes de las ${label}. Después puedes pedir otro.`,
  notYou:
    'Si no fuiste tú, no escribas el código en ningún lado: sin él no cambia nada. Sal de tu panel y avisa a quien te ayuda con el sitio, porque alguien abrió tu sesión.',
};

export const morningMail = {
  subject: (summary: string): string => `Tu venta ayer: ${summary}`,
  heading: 'Así fue tu venta ayer',
  /** Followed by the day, in words. */
  dayLead: (label: string): string => `Lo que pasó el ${label}:`,
  sales: (count: number): string => `${count} ${count === 1 ? 'venta nueva' : 'ventas nuevas'}`,
  vouchersIssued: (count: number): string => `${count} ${count === 1 ? 'ficha OXXO emitida' : 'fichas OXXO emitidas'}, sin pagar todavía`,
  vouchersExpired: (count: number): string => `${count} ${count === 1 ? 'ficha OXXO venció' : 'fichas OXXO vencieron'} sin pagarse: su lugar volvió a la venta`,
  refunds: (count: number): string => `${count} ${count === 1 ? 'reembolso' : 'reembolsos'}`,
  disputes: (count: number): string => `${count} ${count === 1 ? 'disputa nueva' : 'disputas nuevas'}: revísala en Stripe`,
  failedMails: (count: number): string =>
    `${count} ${count === 1 ? 'correo a una compradora falló' : 'correos a compradoras fallaron'}: en tu panel ves a quién y puedes reenviar su confirmación`,
  placesNow: 'Lugares ahora',
  cta: 'Abrir mi panel',
  why: 'Te escribimos solo los días en que pasa algo.',
};
