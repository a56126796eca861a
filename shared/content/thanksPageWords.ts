/**
 * /gracias, where the Payment Link sends a buyer after paying (shared/components/ThanksPage.tsx, served by
 * server/fulfilment/pages/thanksRoute.ts), in each of its states. Once paid it repeats the confirmation mail
 * (confirmationMailWords.ts); a voucher's expiry and a late payment are said in salePromises.ts.
 */
import { latePayment, voucherExpiry } from './salePromises';

/** The page the Payment Link sends a buyer to after paying (/gracias), in each of its states. */
export const thanks = {
  title: 'Tu compra',
  paid: {
    eyebrow: 'Compra confirmada',
    heading: (firstName: string | null): string => (firstName ? `¡Gracias, ${firstName}! Tu lugar está confirmado` : '¡Gracias! Tu lugar está confirmado'),
    mailNote: 'Te enviamos esta misma información a tu correo, con la invitación para tu calendario. Si no la ves en unos minutos, revisa spam o promociones.',
    googleCalendarCta: 'Añadir a Google Calendar',
    googleCalendarHint: 'Google Calendar se abre en una pestaña nueva, con tu enlace personal.',
    icsCta: 'Descargar la invitación (.ics)',
    contactLead: '¿Dudas? Escríbenos a',
  },
  pending: {
    eyebrow: 'Pago pendiente',
    heading: 'Tu lugar está apartado: falta tu pago',
    lead: 'Elegiste pagar en efectivo en OXXO o por transferencia. Tu lugar queda confirmado cuando el pago se acredita.',
    steps: [
      `Paga tu ficha en cualquier tienda OXXO, o haz la transferencia con los datos que te dio Stripe, antes de que venzan. ${voucherExpiry.lapse}`,
      'El pago se acredita en hasta un día hábil.',
      'En cuanto se acredita, te llega un correo con la confirmación, el enlace del taller y la invitación para tu calendario.',
      latePayment.lateVoucher,
    ],
    help: 'Si ya pagaste y en un día hábil no te ha llegado el correo, escríbenos a',
  },
  /** Paid once the workshop had ended (a checkout left open, a voucher credited late): the site refunds it by itself. */
  late: {
    eyebrow: 'Pago devuelto',
    heading: 'El taller ya terminó: te devolvemos tu pago',
    lead: 'Tu pago llegó cuando el taller en vivo ya había terminado, así que ya no había una sesión a la cual entrar.',
    text: 'Te devolvemos el 100 % de lo que pagaste, sin que tengas que pedirlo, y te escribimos por correo con los detalles.',
    help: 'Si tienes dudas, escríbenos a',
  },
  /** The workshop was cancelled: whatever was paid comes back, and a voucher still to pay is better left unpaid. */
  cancelled: {
    eyebrow: 'Taller cancelado',
    heading: 'Cancelamos el taller',
    lead: 'Lo sentimos mucho: tuvimos que cancelar el taller en vivo Marca de Autoridad con IA.',
    paid: 'Te devolvemos tu pago sin que tengas que pedirlo, con la bonificación que marca la ley, y te lo explicamos por correo.',
    unpaid:
      'Si todavía no pagas tu ficha de OXXO o tu transferencia, ya no la pagues: así no se te cobra nada. Si la pagas de todos modos, te la devolvemos completa.',
    help: 'Si tienes dudas, escríbenos a',
  },
  /** The voucher or transfer expired unpaid: nothing was charged, and the place is no longer held. */
  expired: {
    eyebrow: 'Pago no recibido',
    heading: 'Tu ficha venció sin pagarse',
    lead: 'La compra se canceló sin ningún cargo y el lugar que tenías apartado se liberó.',
    text: 'Si todavía quieres inscribirte, vuelve a la página del taller y elige de nuevo cómo pagar.',
    help: 'Si pagaste y ves este mensaje, escríbenos a',
  },
  notFound: {
    heading: 'No encontramos tu compra',
    text: 'Este enlace no corresponde a una compra confirmada del taller, o está incompleto. Si pagaste y llegaste aquí, escríbenos y lo resolvemos.',
    contactLead: 'Escríbenos a',
  },
  unavailable: {
    heading: 'No pudimos confirmar tu compra en este momento',
    text: 'Tu pago no se ve afectado. Vuelve a cargar esta página en un minuto.',
    contactLead: 'Si el problema sigue, escríbenos a',
  },
  backHome: 'Volver al inicio',
} as const;
