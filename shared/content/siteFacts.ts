/**
 * The site's facts every page and mail shares: its name and description (each page's <head>,
 * shared/components/Document.tsx; each mail's header, shared/components/mail/MailFrame.tsx), the workshop (length,
 * format, zone, recording days: the hero, the details, the calendar file, the mails, the legal texts), the prices in
 * dollars (the price card, the JSON-LD offer in server/render/documents.tsx, the launch's checks in
 * server/preflight/linkChecks.ts), the top bar (shared/components/landing/NavBar.tsx, shared/components/SimpleHeader.tsx)
 * and the footer on every page (shared/components/Footer.tsx).
 * Dates are never typed here: they come from WORKSHOP_START and EARLY_BIRD_DEADLINE (server/config/settings.ts).
 */

export const site = {
  name: 'Marca de Autoridad con IA',
  title: 'Taller en vivo: Marca de Autoridad con IA | Videos cortos y carruseles',
  description:
    'Taller en vivo de 2.5 horas para emprendedoras y profesionales independientes: sal con tu estrategia de contenido, un plan accionable y un sistema con IA para crear videos cortos y carruseles que te posicionan como referente.',
  skipLink: 'Saltar al contenido',
  locale: 'es_MX',
  ogImage: { path: '/og-image.png', width: 1200, height: 630, alt: 'Taller en vivo Marca de Autoridad con IA: estrategia de contenido en 2.5 horas' },
} as const;

/**
 * How long before the start a buyer's personal link opens onto the meeting: `opensMs` in shared/logic/journey.ts opens it
 * then, and every text about it (the FAQ, the confirmation, the reminders, the personal link, the terms) says this.
 */
export const OPENS_BEFORE_MINUTES = 15;

/** Where the workshop happens: every text that names it says this; MEETING_URL is its link (docs/fulfilment.md). */
const MEETING_SERVICE = 'Google Meet';

export const workshop = {
  title: 'Taller en vivo: Marca de Autoridad con IA',
  /**
   * The workshop ends this long after WORKSHOP_START (shared/logic/schedule.ts). The texts say it in their own words
   * ("2.5 horas", in every file of shared/content/): change them with it.
   */
  durationMinutes: 150,
  /** How long the recording stays available after the workshop: `recordingUntilMs` in shared/logic/journey.ts. */
  recordingDays: 30,
  durationLabel: '2.5 horas en vivo',
  zoneLabel: 'hora de la Ciudad de México',
  /** After a date and time, where space is short: "…, 11:59 p. m. (Ciudad de México)". */
  zoneShortLabel: '(Ciudad de México)',
  meridiem: { am: 'a. m.', pm: 'p. m.' },
  /** The service every text names; server/preflight/meetingChecks.ts warns when MEETING_URL is another's. */
  meetingService: MEETING_SERVICE,
  /** Who runs it, named in the privacy notice as one the buyers' data go to. */
  meetingOperator: 'Google',
  format: `En línea, por ${MEETING_SERVICE}`,
  capacity: 'Ultra-limitado',
  /** The public calendar file's and link's place: the way in goes only to buyers, each their own. */
  calendarLocation: `${MEETING_SERVICE}: el enlace llega a tu correo al confirmarse tu pago`,
  calendarDescription: `Taller en vivo de 2.5 horas para construir tu marca de autoridad con IA: estrategia, plan de contenido y producción de videos cortos y carruseles. El enlace de ${MEETING_SERVICE} llega a tu correo cuando se confirma tu pago.`,
  /** A buyer's own invite: the description, then their personal link on a line of its own. */
  calendarJoinLead: 'Entra al taller desde este enlace:',
} as const;

/**
 * The prices in dollars. The checkout charges what its Payment Link says: keep them equal (server/spots/linkSetupWarnings.ts
 * warns at start, server/preflight/linkChecks.ts before the launch; docs/pricing.md). A price in pesos is read from the
 * link, never typed here.
 */
const NORMAL_PRICE = 97;
const EARLY_BIRD_PRICE = 49;
export const prices = {
  currency: 'USD',
  normal: NORMAL_PRICE,
  earlyBird: EARLY_BIRD_PRICE,
  saving: NORMAL_PRICE - EARLY_BIRD_PRICE,
  earlyBirdSpots: 30,
  /** Where the checkout's price has a fixed amount in Mexican pesos, read from Stripe (docs/pricing.md): its code. */
  pesoCurrency: 'MXN',
} as const;

export const nav = {
  brand: 'Marca de Autoridad',
  label: 'Secciones del taller',
  links: [
    { href: '#que-es', label: 'Qué es' },
    { href: '#detalles', label: 'Detalles' },
    { href: '#precios', label: 'Precios' },
    { href: '#faq', label: 'Preguntas' },
  ],
  cta: 'Reserva tu lugar',
} as const;

export const footer = {
  legalLabel: 'Información legal',
  socialLabel: 'Redes sociales',
  /** The three legal pages' links. */
  legal: { terms: 'Términos y condiciones', refunds: 'Política de reembolso', privacy: 'Aviso de privacidad' },
  /** The profiles' links; their URLs are settings (INSTAGRAM_URL, LINKEDIN_URL). */
  social: { instagram: 'Instagram', linkedin: 'LinkedIn' },
  contactLabel: 'Contacto',
  phoneLabel: 'Teléfono',
  rights: 'Todos los derechos reservados.',
} as const;

/** Who sells and how buyers reach them, from the settings: the legal pages and the footer show it. */
export interface SellerContact {
  name: string;
  address: string;
  email: string;
  /** As the owner wrote it, with its tel: link; null when unset. */
  phone: { text: string; href: string } | null;
}

export type SocialNetwork = keyof typeof footer.social;

/** A profile in the footer; url null is the placeholder shown outside production while it is unset. */
export interface SocialProfile {
  network: SocialNetwork;
  url: string | null;
}
