/**
 * The landing page's words, section by section in the order the page shows them (shared/components/LandingPage.tsx
 * lays them out, one component each in shared/components/landing/): the calls to action once nothing sells
 * (CallToAction.tsx), the hero, what it is, for whom, the outcomes, the three pillars, the trainer, the practical
 * details with the cities, the pricing (PricingSection.tsx, PriceCard.tsx), the FAQ and the closing call. The top bar
 * and the footer are in siteFacts.ts, the line beside each pay button (consentLine) in legalTexts.ts, the refund
 * promise the price card and the FAQ quote in salePromises.ts.
 * The countdown island (shared/islands/Countdown.tsx) reads `pricing`: this file, and what it imports, ship in the
 * browser's bundle (tests/build/bundle.test.ts).
 */
import { invoice, refundPromise } from './salePromises';
import { OPENS_BEFORE_MINUTES, prices, workshop } from './siteFacts';

/**
 * What the calls to action become once nothing can be bought: a mail to the owner, with a subject, where the
 * selling states lead to the pricing section. Each has a long label (hero, closing, pricing card) and a
 * short one (the top bar).
 */
export const contactCalls = {
  waitlist: {
    label: 'Unirme a la lista de espera',
    short: 'Lista de espera',
    subject: 'Lista de espera: taller Marca de Autoridad con IA',
  },
  nextEdition: {
    label: 'Avísame de la próxima edición',
    short: 'Próxima edición',
    subject: 'Próxima edición del taller Marca de Autoridad con IA',
  },
} as const;

export const hero = {
  badge: 'Cupo ultra-limitado',
  soldOutBadge: 'Cupo lleno',
  closedBadge: 'Inscripciones cerradas',
  cancelledBadge: 'Taller cancelado',
  /** Followed by the workshop's full date, e.g. "Se realizó el miércoles 3 de septiembre de 2025". */
  closedDatePrefix: 'Se realizó el',
  /** Followed by the full date the cancelled workshop had. */
  cancelledDatePrefix: 'Cancelado; estaba programado para el',
  eyebrow: 'Taller en vivo · 2.5 horas · Para emprendedoras y profesionales independientes',
  title: 'Convierte lo que sabes en una marca de autoridad con IA',
  lead: 'En una sola tarde sales con tu estrategia de contenido, un plan que sí vas a cumplir y un sistema con inteligencia artificial para crear videos cortos y carruseles que atraen a tus clientas ideales, sin vivir pegada al teléfono.',
  primaryCta: 'Reserva tu lugar',
  secondaryCta: 'Ver detalles del taller',
  proofPrefix: 'Impartido por',
  proof: '130,000+ seguidores en TikTok · 15+ años de experiencia',
} as const;

export const whatItIs = {
  id: 'que-es',
  eyebrow: 'Qué es',
  title: 'Un taller práctico para que tu experiencia por fin se vea',
  paragraphs: [
    'Sabes hacer muy bien tu trabajo, pero en redes parece que nadie lo nota. Publicas cuando puedes, improvisas cada idea y sientes que la IA es otra cosa más que aprender.',
    'Este taller en vivo es una sesión de trabajo de 2.5 horas: definimos juntas tu posicionamiento, armamos tu plan de contenido y lo convertimos en videos cortos y carruseles con herramientas de IA, paso a paso y con ejemplos reales.',
  ],
  highlights: [
    { title: '2.5 horas en vivo', text: 'Sin módulos eternos: trabajas en tu estrategia durante la sesión.' },
    { title: 'IA a tu favor', text: 'Guiones, ideas y carruseles en minutos, con tu voz y no la de un robot.' },
    { title: 'Sales con un plan', text: 'Terminas con tu estrategia y tus próximas publicaciones definidas.' },
  ],
} as const;

export const audience = {
  id: 'para-ti',
  eyebrow: '¿Es para ti?',
  title: 'Lo diseñamos para mujeres que ya saben lo que hacen',
  forYou: {
    title: 'Este taller es para ti si…',
    items: [
      'Eres emprendedora o profesional independiente y quieres que te reconozcan como referente en tu tema.',
      'Tienes conocimiento valioso, pero no sabes cómo convertirlo en contenido que conecte y venda.',
      'Quieres usar la IA para crear más rápido sin perder tu esencia.',
      'Te cuesta ser constante y necesitas un plan claro y realista.',
      'Quieres animarte con los videos cortos y los carruseles de una vez por todas.',
    ],
  },
  notForYou: {
    title: 'No es para ti si…',
    items: [
      'Buscas volverte viral de la noche a la mañana sin trabajar tu mensaje.',
      'Quieres que la IA publique por ti sin poner nada de tu experiencia.',
      'No estás dispuesta a aplicar lo que aprendas después del taller.',
      'Prefieres seguir improvisando cada publicación.',
    ],
  },
} as const;

export const outcomes = {
  id: 'lograras',
  eyebrow: 'Lo que vas a lograr',
  title: 'Al terminar el taller tendrás',
  items: [
    { title: 'Un posicionamiento claro', text: 'Sabrás en qué eres referente, para quién y cómo decirlo en una frase.' },
    { title: 'Tus pilares de contenido', text: 'Los temas que te hacen reconocible y atraen a tu clienta ideal.' },
    { title: 'Un plan de 30 días', text: 'Qué publicar, en qué formato y cuándo, listo para ejecutar.' },
    { title: 'Guiones con IA', text: 'Videos cortos con gancho, historia y llamada a la acción, en minutos.' },
    { title: 'Carruseles que se guardan', text: 'Una estructura probada para carruseles que educan y venden.' },
    { title: 'Un sistema sostenible', text: 'Un flujo de producción que cabe en tu semana, no al revés.' },
  ],
} as const;

export const pillars = {
  id: 'temario',
  eyebrow: 'Contenido del taller',
  title: 'Tres pilares, una estrategia completa',
  moreLabel: 'Ver temario completo',
  items: [
    {
      number: '01',
      title: 'Estrategia y posicionamiento',
      text: 'Define desde dónde hablas y por qué deberían escucharte a ti.',
      points: ['Tu promesa de autoridad', 'Tu clienta ideal y lo que le quita el sueño', 'Tu mensaje en una frase'],
    },
    {
      number: '02',
      title: 'Plan de contenido accionable',
      text: 'Convierte tu experiencia en un calendario que sí vas a cumplir.',
      points: ['Pilares y formatos que sí funcionan', 'Ideas infinitas a partir de tus clientas', 'Tu calendario de 30 días'],
    },
    {
      number: '03',
      title: 'Producción ágil con IA',
      text: 'Crea videos cortos y carruseles en una fracción del tiempo.',
      points: ['Guiones con gancho usando IA', 'Carruseles de alto valor en minutos', 'Tu GPT personalizado en acción'],
    },
  ],
} as const;

/** The trainer's name is a setting, TRAINER_NAME (docs/configuration.md): each text that names her takes it. */
export const trainer = {
  id: 'sobre-mi',
  eyebrow: 'Tu instructora',
  role: 'Estratega de marca personal y creadora de contenido',
  /** The photo's text alternative; the placeholder photo says what it is instead. */
  photoAlt: (name: string): string => `Retrato de ${name}`,
  placeholderPhotoAlt: 'Foto de ejemplo: aquí irá el retrato de la instructora',
  paragraphs: [
    'Llevo más de 15 años comunicando marcas y acompañando a mujeres que tienen mucho que decir. Cuando decidí construir mi propia marca personal, apliqué el mismo método que te enseño en este taller: en 7 meses pasé de publicar sin rumbo a una comunidad que confía en mí.',
    'No creo en fórmulas mágicas ni en bailar tendencias que no van contigo. Creo en una estrategia clara, en la constancia posible y en usar la IA como asistente, no como sustituto de tu voz.',
  ],
  stats: [
    { value: '130,000+', label: 'seguidores en TikTok' },
    { value: '15,000+', label: 'seguidores en Instagram' },
    { value: '60,000+', label: 'reproducciones de su pódcast' },
    { value: '15+', label: 'años de experiencia' },
    { value: '7', label: 'meses de crecimiento' },
  ],
} as const;

export const details = {
  id: 'detalles',
  eyebrow: 'Detalles prácticos',
  title: 'Todo lo que necesitas saber',
  labels: { date: 'Fecha', time: 'Hora', duration: 'Duración', format: 'Formato', capacity: 'Cupo' },
  bonusesTitle: 'Además te llevas',
  bonuses: [
    { title: 'Fórmula probada (PDF)', text: 'La guía paso a paso del método para tenerla siempre a mano.' },
    { title: 'GPT personalizado para videos y carruseles', text: 'Tu asistente entrenado con el método, listo para usar.' },
    { title: `Grabación por ${workshop.recordingDays} días`, text: `Repasa cada parte del taller a tu ritmo durante ${workshop.recordingDays} días.` },
    { title: 'Retroalimentación en vivo', text: 'Resolvemos tus dudas y revisamos tus ideas durante la sesión.' },
    { title: 'Banco de 50 ganchos (bono extra)', text: '50 inicios probados para que nadie pase de largo tus videos.' },
  ],
  calendarCta: 'Añadir al calendario',
  calendarHint: 'Google Calendar se abre en una pestaña nueva.',
  icsCta: 'Descargar .ics (Apple, Outlook)',
  /** The public calendar file's one alarm (its minutes: server/render/documents.tsx); a buyer's invite has its own, `confirmation.reminders`. */
  icsReminder: 'El taller en vivo empieza en 1 hora',
  zonesTitle: 'La hora en tu ciudad',
  /**
   * The cities whose time the page, every buyer's mail, /gracias and the personal link show, in this order
   * (shared/logic/schedule.ts writes each; a buyer's through server/fulfilment/mail/buyerInvite.ts).
   */
  cities: [
    { city: 'Ciudad de México', zone: 'America/Mexico_City' },
    { city: 'Bogotá', zone: 'America/Bogota' },
    { city: 'Lima', zone: 'America/Lima' },
    { city: 'Santiago', zone: 'America/Santiago' },
    { city: 'Buenos Aires', zone: 'America/Argentina/Buenos_Aires' },
    { city: 'Madrid', zone: 'Europe/Madrid' },
  ],
} as const;

/** "a, b y c": a list within a sentence. */
const inWords = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`);

/** Why the normal price is shown: the Early Bird's time is up, or its spots are taken. */
const EARLY_BIRD_ENDED = 'El precio Early Bird ya terminó.';
const EARLY_BIRD_TAKEN = 'Los lugares con precio Early Bird ya se agotaron.';
/** Where the normal price has no checkout of its own (the seed's disabled button): the owner is written to instead. */
const WRITE_TO_JOIN = 'Escríbenos y te compartimos cómo inscribirte.';

export const pricing = {
  id: 'precios',
  eyebrow: 'Inversión',
  title: 'Reserva tu lugar hoy',
  /** The title once the Early Bird is over: nothing is urgent "today" any more. */
  normalTitle: 'Reserva tu lugar',
  soldOutTitle: 'Los lugares de esta edición se agotaron',
  closedTitle: 'Esta edición ya se realizó',
  cancelledTitle: 'Cancelamos esta edición',
  banner: `Precio Early Bird · solo ${prices.earlyBirdSpots} lugares`,
  normalLabel: 'Precio normal',
  formerPriceLabel: 'Antes',
  earlyBirdLabel: 'Precio Early Bird',
  savingBadge: `Ahorras ${prices.saving} ${prices.currency}`,
  spots: `Solo ${prices.earlyBirdSpots} lugares con este precio`,
  /** When the checkout has reported its count: the spots left of its limit. */
  spotsLeft: (remaining: number, limit: number): string =>
    remaining === 1 ? `Queda 1 de ${limit} lugares con este precio` : `Quedan ${remaining} de ${limit} lugares con este precio`,
  countdownTitle: 'El precio Early Bird termina en',
  /** Followed by the offer's end in words, with its year, so it is clear without JavaScript. */
  untilPrefix: 'Precio válido hasta el',
  countdownUnits: { days: 'días', hours: 'horas', minutes: 'minutos', seconds: 'segundos' },
  /** Followed by the price the card shows: "Inscribirme por 49 USD", or by its amount in pesos. */
  checkoutCta: (price: string): string => `Inscribirme por ${price}`,
  checkoutNote: 'Pago seguro con tarjeta. Se abre en una pestaña nueva.',
  /** Under a price in dollars: the currency of the charge, and what Stripe's Adaptive Pricing may show (docs/content.md). */
  currencyNote: 'Precio en dólares estadounidenses (USD). La página de pago puede mostrarte el monto en tu moneda local.',
  /** Under a price in pesos, read from the checkout (docs/pricing.md): what a buyer elsewhere may see. */
  pesoNote: 'Precio en pesos mexicanos (MXN). Desde otro país, la página de pago puede mostrarte el monto en dólares o en tu moneda local.',
  /** Beside a price in pesos: its amount in dollars. */
  dollarsLabel: 'En dólares:',
  /** Under every price, as LFPC art. 7 bis asks: the price shown is the total. */
  taxesIncluded: 'Precio final, impuestos incluidos.',
  normalCta: 'Contactar para precio normal',
  normalNote: `${EARLY_BIRD_ENDED} ${WRITE_TO_JOIN}`,
  /** The normal price reached before the deadline: the last Early Bird spot was sold. */
  earlyBirdTakenNote: `${EARLY_BIRD_TAKEN} ${WRITE_TO_JOIN}`,
  /** Where the normal price sells through a checkout of its own (docs/pricing.md): why it is the price now. */
  normalSellingNote: EARLY_BIRD_ENDED,
  earlyBirdTakenSellingNote: EARLY_BIRD_TAKEN,
  /** When the normal price's checkout has a limit: the places it has left, out of no other number. */
  normalSpotsLeft: (remaining: number): string => (remaining === 1 ? 'Queda 1 lugar' : `Quedan ${remaining} lugares`),
  soldOutLabel: 'Cupo lleno',
  soldOutText: 'Los lugares de esta edición ya tienen dueña. Únete a la lista de espera y te escribimos si se libera un lugar o abrimos una nueva fecha.',
  closedLabel: 'Inscripciones cerradas',
  /** Followed by the workshop's full date. */
  closedTextPrefix: 'El taller en vivo se realizó el',
  closedText: 'Escríbenos y te avisamos en cuanto abramos la próxima edición.',
  cancelledLabel: 'Taller cancelado',
  /** Followed by the date the workshop had. */
  cancelledTextPrefix: 'Cancelamos el taller en vivo que estaba programado para el',
  cancelledText:
    'A cada persona inscrita le devolvemos el 100 % de lo que pagó, más la bonificación que marca la ley, y se lo explicamos por correo. Escríbenos y te avisamos en cuanto abramos una nueva edición.',
  includesTitle: 'Tu lugar incluye',
  includes: [
    'Taller en vivo de 2.5 horas',
    'Fórmula probada (PDF)',
    'GPT personalizado para videos y carruseles',
    `Grabación disponible por ${workshop.recordingDays} días`,
    'Retroalimentación en vivo',
    'Bono extra: banco de 50 ganchos',
  ],
  guaranteeTitle: 'Garantía de claridad',
  guarantee: refundPromise.clarity,
} as const;

export const faq = {
  id: 'faq',
  eyebrow: 'Preguntas frecuentes',
  title: 'Resolvemos tus dudas',
  items: [
    {
      question: '¿Necesito experiencia previa con IA?',
      answer: 'No. Te muestro cada herramienta desde cero y con ejemplos. Si sabes escribir un mensaje, puedes usar lo que vemos en el taller.',
    },
    {
      question: '¿Qué pasa si no puedo conectarme en vivo?',
      answer: `Tendrás la grabación disponible durante ${workshop.recordingDays} días para verla a tu ritmo, junto con todos los materiales y bonos.`,
      /** With the mail settings, the recording mail and the personal link deliver them. */
      automaticAnswer: `Tendrás la grabación disponible durante ${workshop.recordingDays} días para verla a tu ritmo, junto con todos los materiales y bonos: al terminar el taller te llegan por correo y quedan en tu enlace personal de acceso.`,
    },
    {
      question: '¿Sirve para cualquier nicho o profesión?',
      answer:
        'Sí. El método funciona para coaches, terapeutas, consultoras, abogadas, nutriólogas, creativas y cualquier profesional que venda su conocimiento.',
    },
    {
      question: '¿Qué herramientas necesito?',
      answer: 'Una computadora o teléfono con conexión a internet y una cuenta gratuita de ChatGPT. Todo lo demás te lo damos en el taller.',
    },
    {
      question: '¿Cómo recibo el enlace de acceso?',
      /** Without the mail settings the site sends nothing, and the owner writes to each buyer by hand (docs/fulfilment.md). */
      answer: `Después de tu pago te llega un correo con la confirmación y el enlace de ${workshop.meetingService}. Revisa también tu carpeta de spam.`,
      /** With them, the site sends every mail itself and gives each buyer a personal link (docs/fulfilment.md). */
      automaticAnswer: `En cuanto se confirma tu pago te llega un correo con la confirmación, tu enlace personal de acceso y una invitación para tu calendario. Te escribimos también un día antes y una hora antes del taller. Tu enlace se abre ${OPENS_BEFORE_MINUTES} minutos antes de empezar y te lleva directo a ${workshop.meetingService}; es solo para ti. Si pagas en efectivo en OXXO o por transferencia, el correo llega cuando se acredita el pago. Revisa también tu carpeta de spam.`,
    },
    {
      question: '¿Por qué el cupo es tan limitado?',
      answer: 'Porque damos retroalimentación en vivo y queremos revisar tus ideas con calma. Con un grupo pequeño, cada participante recibe atención real.',
    },
    {
      question: invoice.question,
      answer: `Sí. Escríbenos ${invoice.deadline}, desde el correo con el que te inscribiste, a la dirección de contacto que está al pie de esta página, con ${inWords(invoice.data)}. ${invoice.certificate} ${invoice.delivery} ${invoice.afterDeadline}`,
    },
    {
      question: '¿Y si el taller no es lo que esperaba?',
      answer: `${refundPromise.clarity} ${refundPromise.moneyBack}`,
    },
  ],
} as const;

export const closing = {
  title: 'Tu experiencia merece ser vista',
  text: 'Deja de improvisar. En 2.5 horas sales con claridad, un plan y la IA trabajando para tu marca. Los lugares son pocos y el precio especial no dura.',
  /** Once the Early Bird is over, without the urgency that is no longer true. */
  normalText: 'Deja de improvisar. En 2.5 horas sales con claridad, un plan y la IA trabajando para tu marca. Los lugares son pocos.',
  soldOutText: 'Esta edición se llenó. Únete a la lista de espera y sé de las primeras en saber cuándo abrimos nuevos lugares.',
  closedText: 'Esta edición ya se realizó. Escríbenos y te avisamos en cuanto abramos la próxima.',
  cancelledText: 'Cancelamos esta edición. Escríbenos y te avisamos en cuanto abramos la próxima.',
  cta: 'Reserva tu lugar ahora',
} as const;
