/**
 * Every text and fact of the site, in one place, so the owner edits copy here and nowhere else.
 * Dates are not typed here: they are derived from WORKSHOP_START and EARLY_BIRD_DEADLINE.
 * Named exports (not one big object) let esbuild leave out of the client bundle what no island uses.
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

/** How long before the start a buyer's personal link opens onto the meeting: every text about it says this. */
const OPENS_BEFORE_MINUTES = 15;

export const workshop = {
  title: 'Taller en vivo: Marca de Autoridad con IA',
  durationMinutes: 150,
  /** How long the recording stays available after the workshop. */
  recordingDays: 30,
  durationLabel: '2.5 horas en vivo',
  zoneLabel: 'hora de la Ciudad de México',
  /** After a date and time, where space is short: "…, 11:59 p. m. (Ciudad de México)". */
  zoneShortLabel: '(Ciudad de México)',
  meridiem: { am: 'a. m.', pm: 'p. m.' },
  format: 'En línea, por Google Meet',
  capacity: 'Ultra-limitado',
  /** The public calendar file's and link's place: the way in goes only to buyers, each their own. */
  calendarLocation: 'Google Meet: el enlace llega a tu correo al confirmarse tu pago',
  calendarDescription:
    'Taller en vivo de 2.5 horas para construir tu marca de autoridad con IA: estrategia, plan de contenido y producción de videos cortos y carruseles. El enlace de Google Meet llega a tu correo cuando se confirma tu pago.',
  /** A buyer's own invite: the description, then their personal link on a line of its own. */
  calendarJoinLead: 'Entra al taller desde este enlace:',
} as const;

export const prices = {
  currency: 'USD',
  normal: 97,
  earlyBird: 49,
  saving: 48,
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
  icsReminder: 'El taller en vivo empieza en 1 hora',
  zonesTitle: 'La hora en tu ciudad',
  cities: [
    { city: 'Ciudad de México', zone: 'America/Mexico_City' },
    { city: 'Bogotá', zone: 'America/Bogota' },
    { city: 'Lima', zone: 'America/Lima' },
    { city: 'Santiago', zone: 'America/Santiago' },
    { city: 'Buenos Aires', zone: 'America/Argentina/Buenos_Aires' },
    { city: 'Madrid', zone: 'Europe/Madrid' },
  ],
} as const;

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
  banner: 'Precio Early Bird · solo 30 lugares',
  normalLabel: 'Precio normal',
  formerPriceLabel: 'Antes',
  earlyBirdLabel: 'Precio Early Bird',
  savingBadge: 'Ahorras 48 USD',
  spots: 'Solo 30 lugares con este precio',
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
      answer: 'Después de tu pago te llega un correo con la confirmación y el enlace de Google Meet. Revisa también tu carpeta de spam.',
      /** With them, the site sends every mail itself and gives each buyer a personal link (docs/fulfilment.md). */
      automaticAnswer: `En cuanto se confirma tu pago te llega un correo con la confirmación, tu enlace personal de acceso y una invitación para tu calendario. Te escribimos también un día antes y una hora antes del taller. Tu enlace se abre ${OPENS_BEFORE_MINUTES} minutos antes de empezar y te lleva directo a Google Meet; es solo para ti. Si pagas en efectivo en OXXO o por transferencia, el correo llega cuando se acredita el pago. Revisa también tu carpeta de spam.`,
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

export const notFound = {
  title: 'Página no encontrada',
  heading: 'Oops! Page not found',
  homeLink: 'Return to Home',
} as const;

export const serverError = {
  title: 'Error',
  heading: 'Unexpected Application Error!',
  text: 'Algo salió mal de nuestro lado. Vuelve a intentarlo en un momento.',
  homeLink: 'Return to Home',
} as const;

/**
 * The page a shared cache shows while no instance of the site answers (docs/decisions/0001-outage-page.md):
 * Spanish, no offer, a way to reach the owner.
 */
export const outage = {
  title: 'Volvemos en un momento',
  heading: 'Volvemos en un momento',
  text: 'La página no está disponible ahora mismo por un problema técnico de nuestro lado. Vuelve a intentarlo en unos minutos.',
  contactLead: 'Si necesitas ayuda, escríbenos a',
  retryLink: 'Volver a intentarlo',
} as const;

/**
 * What the shared cache answers a client that asks the pages after the checkout too often in a few seconds (429,
 * deploy/varnish/taller.vcl keeps these words): most likely a script, perhaps a buyer who reloads too fast.
 */
export const throttled = {
  title: 'Un momento, por favor',
  heading: 'Un momento, por favor',
  text: 'Recibimos muchas solicitudes seguidas desde tu conexión. Espera unos segundos y vuelve a cargar la página.',
} as const;

/**
 * The confirmation mail (docs/fulfilment.md): what a buyer receives, in Spanish, once the payment is confirmed.
 * The date, the times in each city of `details.cities` and the buyer's personal link are filled in from the settings.
 */
export const confirmation = {
  subject: 'Tu lugar está confirmado: Taller en vivo Marca de Autoridad con IA',
  /** "¡Hola, Ana!", or without a name when the checkout had none. */
  greeting: (firstName: string | null): string => (firstName ? `¡Hola, ${firstName}!` : '¡Hola!'),
  lead: 'Tu pago está confirmado y tu lugar en el taller en vivo Marca de Autoridad con IA ya es tuyo. Aquí tienes todo lo que necesitas para el día del taller.',
  whenTitle: 'Cuándo',
  citiesTitle: 'La hora en tu ciudad',
  joinTitle: 'Cómo entrar',
  joinText: `El taller es en vivo por Google Meet. Este es tu enlace personal: se abre ${OPENS_BEFORE_MINUTES} minutos antes de empezar y te lleva directo a la sesión.`,
  joinCta: 'Entrar al taller',
  /** Under the personal link, wherever it is shown. */
  personalNote: 'Es solo para ti: no lo compartas. Si cambia el enlace de la sesión, este sigue funcionando.',
  calendarTitle: 'Tu invitación para el calendario',
  calendarText:
    'Adjuntamos una invitación (taller-marca-autoridad.ics) con tu enlace personal y dos alarmas: un día antes y una hora antes. Ábrela para añadir el taller a tu calendario.',
  nextTitle: 'Lo que sigue',
  next: [
    'Un día antes y una hora antes del taller te escribimos para recordártelo, con tu enlace.',
    `Al terminar, te enviamos por correo la grabación (disponible ${workshop.recordingDays} días) y tus materiales: la fórmula en PDF, tu GPT personalizado y el banco de 50 ganchos.`,
  ],
  prepareTitle: 'Qué preparar',
  prepare: [
    'Una computadora con buena conexión a internet (el teléfono también sirve) y audífonos.',
    'Tu cuenta gratuita de ChatGPT abierta en el navegador.',
    'Algo para tomar notas.',
    'Piensa en tu clienta ideal y en dos o tres temas que dominas: trabajaremos con ellos en vivo.',
  ],
  contactTitle: '¿Dudas?',
  contactText: 'Responde a este correo o escríbenos a',
  signOff: 'Nos vemos en el taller,',
  /** The invite's file name, as the buyer sees it. */
  icsFileName: 'taller-marca-autoridad.ics',
  reminders: { dayBefore: 'El taller en vivo es mañana', hourBefore: 'El taller en vivo empieza en 1 hora' },
} as const;

/** The mails that follow the confirmation (docs/fulfilment.md), each with the buyer's personal link. */
export const journeyMails = {
  dayBefore: {
    subject: 'Mañana es el taller: Marca de Autoridad con IA',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, ¡mañana es el taller!` : '¡Mañana es el taller!'),
    lead: 'Te esperamos mañana en el taller en vivo Marca de Autoridad con IA. Aquí tienes la hora en tu ciudad, tu enlace y lo que conviene tener a la mano.',
  },
  hourBefore: {
    subject: 'Empezamos en una hora: Marca de Autoridad con IA',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, ¡empezamos en una hora!` : '¡Empezamos en una hora!'),
    lead: 'El taller en vivo empieza en una hora. Ten listo lo que vamos a usar y entra desde tu enlace personal: te esperamos.',
  },
  recording: {
    subject: 'Tu grabación y tus materiales: Marca de Autoridad con IA',
    heading: (firstName: string | null): string =>
      firstName ? `${firstName}, aquí están tu grabación y tus materiales` : 'Aquí están tu grabación y tus materiales',
    lead: 'Gracias por ser parte del taller. La grabación y tus materiales ya te esperan en tu enlace personal.',
    cta: 'Ver la grabación y los materiales',
    includesTitle: 'Ahí encontrarás',
    includes: ['La grabación del taller', 'Fórmula probada (PDF)', 'GPT personalizado para videos y carruseles', 'Banco de 50 ganchos'],
    /** Followed by the last day, in words with its year. */
    until: 'La grabación está disponible hasta el',
    ended: 'El periodo para ver la grabación terminó el',
    signOff: 'Gracias por acompañarme,',
  },
  /** After the workshop there is no session's link to change: only that the link is the buyer's. */
  personalNote: 'Tu enlace es solo para ti: no lo compartas.',
  accessTitle: 'Tu enlace personal',
  accessText: `Se abre ${OPENS_BEFORE_MINUTES} minutos antes de empezar y te lleva directo a Google Meet.`,
} as const;

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
    `Te devolvemos el 100\u00a0% de lo que pagaste (${paid}) y, además, te pagamos una bonificación de ${bonus}, el ${BONIFICATION_PERCENT}\u00a0% de ese monto. Pídelo desde tu enlace personal, con el botón «Prefiero mi reembolso», en cualquier momento antes de la nueva fecha.`,
  /** A free place: nothing to refund. */
  freeText: 'Si la nueva fecha no te funciona, responde a este correo y liberamos tu lugar.',
} as const;

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

/**
 * The buyer's personal link, /acceso/<token> (docs/fulfilment.md): the details before the workshop, the way in during
 * it, the recording and the materials after it, and a page for access that has ended.
 */
export const access = {
  opensBeforeMinutes: OPENS_BEFORE_MINUTES,
  title: 'Tu acceso al taller',
  before: {
    eyebrow: 'Tu acceso personal',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, tu lugar en el taller te espera` : 'Tu lugar en el taller te espera'),
    lead: 'Esta es tu página personal del taller. Guárdala: es la misma a la que te llevan todos nuestros correos.',
    opensTitle: 'Cómo entrar',
    /** Followed by the moment it opens, in words. */
    opensLead: `El enlace se abre ${OPENS_BEFORE_MINUTES} minutos antes, el`,
    opensText: 'A esa hora, vuelve a esta misma página y te llevará directo a Google Meet.',
    calendarTitle: 'Añádelo a tu calendario',
    googleCalendarCta: 'Añadir a Google Calendar',
    icsCta: 'Descargar la invitación (.ics)',
    calendarHint: 'La invitación lleva este mismo enlace personal y dos alarmas: un día antes y una hora antes.',
    remindersNote: 'También te escribimos un día antes y una hora antes del taller.',
  },
  after: {
    eyebrow: 'Después del taller',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, tu grabación y tus materiales` : 'Tu grabación y tus materiales'),
    lead: 'Gracias por ser parte del taller. Aquí tienes la grabación y los materiales que incluye tu lugar.',
    recordingTitle: 'La grabación del taller',
    recordingCta: 'Ver la grabación',
    /** Followed by the last day, in words with its year. */
    recordingUntil: 'Disponible hasta el',
    recordingEnded: 'El periodo para ver la grabación terminó el',
    materialsTitle: 'Tus materiales',
    materials: {
      formula: { title: 'Fórmula probada (PDF)', cta: 'Descargar la fórmula' },
      gpt: { title: 'GPT personalizado para videos y carruseles', cta: 'Abrir tu GPT' },
      hooks: { title: 'Banco de 50 ganchos', cta: 'Abrir el banco de ganchos' },
    },
    /** Where the owner has not set a link yet: never a dead link. */
    comingSoon: 'Lo recibirás por correo muy pronto.',
  },
  ended: {
    heading: 'Tu acceso al taller terminó',
    text: 'Este enlace ya no da acceso al taller ni a sus materiales porque la compra se reembolsó o el pago se disputó con el banco.',
    contactLead: 'Si crees que es un error, escríbenos a',
  },
  notFound: {
    heading: 'No encontramos este enlace',
    text: 'Revisa que lo hayas copiado completo desde tu correo. Si el problema sigue, escríbenos y lo resolvemos.',
    contactLead: 'Escríbenos a',
  },
  unavailable: {
    heading: 'No pudimos abrir tu acceso en este momento',
    text: 'Tu lugar no se ve afectado. Vuelve a cargar esta página en un minuto.',
    contactLead: 'Si el problema sigue, escríbenos a',
  },
  backHome: 'Volver al inicio',
} as const;

/**
 * What a buyer's personal link says of the changes after the sale: a new date, with the refund it entitles them to
 * and its confirmation step; a cancellation; a refund they asked for.
 */
export const accessChanges = {
  change: {
    title: 'Cambiamos la fecha',
    /** Followed by the date bought for. */
    fromLead: 'El taller estaba programado para el',
    fromText: 'Lo movimos a la fecha de arriba. Tu lugar sigue siendo tuyo: no tienes que hacer nada.',
    /** The amounts, then until when it may be asked for. */
    refundText: (paid: string, bonus: string, until: string): string =>
      `Si la nueva fecha no te funciona, te devolvemos el 100\u00a0% de lo que pagaste (${paid}) y te pagamos una bonificación de ${bonus}. Puedes pedirlo hasta el ${until}.`,
    refundCta: 'Prefiero mi reembolso',
  },
  confirm: {
    title: 'Confirma tu reembolso',
    eyebrow: 'Reembolso por cambio de fecha',
    heading: '¿Prefieres que te devolvamos tu dinero?',
    lead: 'Al confirmar, liberamos tu lugar en el taller y te devolvemos tu pago. No se puede deshacer.',
    /** What comes back, and how. */
    refundLine: (paid: string): string => `Te devolvemos ${paid}, el 100\u00a0% de lo que pagaste.`,
    byCard: 'Lo devolvemos al mismo medio con el que pagaste; tu banco puede tardar unos días hábiles en reflejarlo.',
    detailsByMail: 'Al confirmar te escribimos por correo, y ahí nos respondes con esos datos.',
    confirmCta: 'Sí, quiero mi reembolso',
    keepCta: 'No, conservo mi lugar',
  },
  closed: {
    heading: 'Este reembolso ya no está disponible',
    text: 'El reembolso por el cambio de fecha se puede pedir hasta que empieza el taller en la nueva fecha, y solo por una compra pagada. Tu enlace personal te dice cómo está tu lugar.',
    back: 'Volver a tu enlace personal',
  },
  cancelled: {
    eyebrow: 'Taller cancelado',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, cancelamos el taller` : 'Cancelamos el taller'),
    lead: 'Lo sentimos mucho: tuvimos que cancelar el taller en vivo Marca de Autoridad con IA. No tienes que pedir nada: así te devolvemos tu dinero.',
  },
  withdrawn: {
    eyebrow: 'Reembolso',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, te devolvemos tu pago` : 'Te devolvemos tu pago'),
    lead: 'Pediste el reembolso porque la nueva fecha del taller no te funciona. Tu lugar quedó liberado.',
  },
  refundTitle: 'Tu devolución',
  bonusTitle: 'Tu bonificación',
} as const;

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

/** The copy island's own texts, apart from the prompt so its JavaScript does not carry the page. */
export const promptCopy = {
  copyAll: 'Copiar Todo el Prompt',
  copyFull: 'Copiar Prompt Completo',
  manualHint: 'También puedes seleccionar el texto y copiarlo a mano.',
  promptLabel: 'Texto del prompt',
  toastSuccess: { title: '¡Copiado!', description: 'El prompt se ha copiado al portapapeles' },
  toastError: { title: 'Error', description: 'No se pudo copiar el contenido' },
  dismiss: 'Cerrar aviso',
} as const;

export const promptPage = {
  title: 'Prompt gratis: guiones para videos cortos | Marca de Autoridad con IA',
  description:
    'Copia y pega este prompt en tu asistente de IA favorito y obtén guiones completos para Reels, TikTok y Shorts con gancho, historia y llamada a la acción.',
  eyebrow: 'Regalo para ti',
  heading: 'Prompt para escribir guiones de videos cortos con IA',
  lead: 'Copia este prompt, pégalo en ChatGPT, Claude o Gemini, completa los datos entre corchetes y recibe guiones listos para grabar.',
  steps: ['Copia el prompt completo.', 'Pégalo en tu asistente de IA.', 'Completa los datos entre [corchetes] y envíalo.'],
  backHome: 'Conoce el taller en vivo',
  prompt: `Actúa como guionista experta en videos cortos (Reels, TikTok y YouTube Shorts) para marcas personales de mujeres emprendedoras y profesionales independientes. Tu trabajo es escribir guiones que posicionen a la autora como referente en su tema, conecten con su clienta ideal y la inviten a dar el siguiente paso.

DATOS DE MI MARCA (complétalos antes de enviar):
- Mi nombre y profesión: [por ejemplo, "Laura, nutrióloga"]
- Mi tema de autoridad: [en qué quiero que me reconozcan]
- Mi clienta ideal: [quién es, qué le preocupa, qué desea lograr]
- Mi oferta principal: [servicio, programa o producto que vendo]
- Tono de mi marca: [cercano, directo, divertido, elegante…]
- Tema o idea del video: [de qué quieres hablar hoy]
- Llamada a la acción deseada: [seguirme, comentar una palabra, escribirme por mensaje, agendar una llamada…]

TU TAREA:
Escribe 3 guiones distintos sobre el tema indicado. Cada guion debe durar entre 30 y 60 segundos leído en voz alta (entre 80 y 150 palabras).

ESTRUCTURA OBLIGATORIA DE CADA GUION:
1. Gancho (0 a 3 segundos): una sola frase que detenga el scroll.
2. Problema o contexto (3 a 10 segundos): nombra lo que vive mi clienta ideal con sus propias palabras.
3. Desarrollo (10 a 45 segundos): entre 2 y 4 ideas concretas, un ejemplo o una mini historia que demuestre mi experiencia.
4. Cierre (últimos 5 a 10 segundos): una conclusión memorable y la llamada a la acción indicada.

FÓRMULAS DE GANCHO (usa una distinta en cada guion):
- Error común: "El error que cometen casi todas las [clienta ideal] cuando…"
- Contraintuitivo: "Deja de [hábito común] si quieres [resultado deseado]."
- Pregunta directa: "¿Te ha pasado que…?"
- Resultado concreto: "Así logré [resultado] en [tiempo] sin [sacrificio]."
- Lista: "3 señales de que…"
- Secreto de experta: "Lo que nadie te dice sobre [tema]."

REGLAS DE ESTILO:
- Escribe como se habla: frases cortas, palabras sencillas y un solo mensaje por video.
- Usa español neutro de Latinoamérica y trata a la audiencia de "tú".
- Habla desde mi experiencia real; nada de promesas exageradas ni cifras inventadas.
- Evita frases genéricas como "en el mundo de hoy" o "es muy importante".
- Incluye al menos un dato, ejemplo o situación concreta en el desarrollo.
- Mantén el tono de mi marca en todo el guion.

FORMATO DE RESPUESTA PARA CADA GUION:
- Título interno del video (máximo 6 palabras).
- Fórmula de gancho utilizada.
- Guion palabra por palabra, dividido en: GANCHO, PROBLEMA, DESARROLLO y CIERRE.
- Indicaciones de grabación entre paréntesis: plano, gesto o cambio de escena sugerido.
- Texto en pantalla: hasta 3 frases breves para reforzar las ideas clave.
- Descripción para la publicación (máximo 3 líneas) con una pregunta que invite a comentar.
- 5 hashtags relevantes: 2 amplios, 2 de nicho y 1 de marca.

AL FINAL:
- Recomienda cuál de los 3 guiones grabar primero y explica por qué en dos líneas.
- Sugiere 3 ideas de videos relacionados para continuar la serie.

Si falta algún dato de mi marca, hazme primero un máximo de 3 preguntas breves antes de escribir los guiones.`,
} as const;

/** A run of text, or a link within it. */
export type Inline = string | { text: string; href: string };
/** A paragraph, or a list whose items are each a line of text. */
export type Block = Inline[] | { list: Inline[][] };

interface LegalSection {
  heading: string;
  blocks: Block[];
}

export interface LegalText {
  /** The document's title and description, for the tab and search engines. */
  title: string;
  description: string;
  heading: string;
  /** When the text last changed, as an ISO date: the page shows it in words. */
  updated: string;
  lead: Inline[];
  sections: LegalSection[];
}

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

/** Where the three legal pages are. */
export interface LegalPaths {
  terms: string;
  refunds: string;
  privacy: string;
}

/** Beside every pay button, each text one click away: what paying accepts, and the notice on the buyer's data. */
export const consentLine = (paths: LegalPaths): Inline[] => [
  'Al inscribirte aceptas los ',
  { text: 'términos', href: paths.terms },
  ' y la ',
  { text: 'política de reembolso', href: paths.refunds },
  ', y confirmas que leíste el ',
  { text: 'aviso de privacidad', href: paths.privacy },
  '.',
];

/** What the legal texts say that is not theirs to decide: the seller's settings, the edition's dates, the pages' paths. */
export interface LegalFacts {
  seller: SellerContact;
  /** TRAINER_NAME. */
  trainerName: string;
  /** The Early Bird price in pesos as the checkout charges it, "$890 MXN"; null when it has no peso amount. */
  earlyBirdPesos: string | null;
  /** The normal price sells through a checkout of its own (docs/pricing.md); else the buyer writes to the owner. */
  normalCheckout: boolean;
  /** The normal price in pesos as its checkout charges it; null when it has none (or no checkout). */
  normalPesos: string | null;
  /** From when the checkout takes cards only, in words with its year and zone; null where the site cannot change it. */
  cardsOnlyFrom: string | null;
  /** "miércoles 3 de septiembre de 2025, 8:00 p. m. hora de la Ciudad de México" */
  workshopDate: string;
  /** When the Early Bird ends at the latest, in words with its year and time zone. */
  earlyBirdEnd: string;
  /** The last moment to ask for the money back, in words with its year and time zone. */
  refundDeadline: string;
  /**
   * The site's fulfilment runs (docs/fulfilment.md): it sends the buyer's mails itself, and gives an expired voucher's
   * place back to the Early Bird; else the owner writes to each buyer, and the terms promise no place back.
   */
  automaticMail: boolean;
  paths: LegalPaths;
}

export const legalPage = {
  updatedLabel: 'Última actualización:',
  backHome: 'Volver al taller',
} as const;

/** The authority a data subject can turn to, since the personal-data law of 20 March 2025. */
const DATA_AUTHORITY = 'Secretaría Anticorrupción y Buen Gobierno';

/** PROFECO, the consumer authority a buyer in Mexico can turn to. */
const profeco = {
  url: 'https://www.gob.mx/profeco',
  site: 'gob.mx/profeco',
  phoneCdmx: '55 5568 8722',
  phoneElsewhere: '800 468 8722',
} as const;

const mailLink = (email: string): Inline => ({ text: email, href: `mailto:${email}` });
/** "escríbenos a hola@… o llámanos al +52 …", with the phone only when the owner set one. */
const reachUs = ({ seller }: LegalFacts): Inline[] =>
  seller.phone ? ['escríbenos a ', mailLink(seller.email), ' o llámanos al ', seller.phone] : ['escríbenos a ', mailLink(seller.email)];
const usd = (amount: number): string => `${amount} ${prices.currency}`;
/** "$890 MXN (49 USD)" where the checkout has a peso amount, else "49 USD". */
const earlyBirdPrice = ({ earlyBirdPesos }: LegalFacts): string => (earlyBirdPesos ? `${earlyBirdPesos} (${usd(prices.earlyBird)})` : usd(prices.earlyBird));

/**
 * The three legal pages, in plain Spanish, as a starting point the owner's adviser reviews (docs/content.md).
 * Every fact comes from this module or from the facts passed in; no figure is typed here twice.
 */
export const legalTexts = {
  terms: (facts: LegalFacts): LegalText => ({
    title: `Términos y condiciones | ${site.name}`,
    description: `Quién vende el taller ${site.name}, qué incluye, su precio, cómo pedir factura, cómo recibes tu acceso y las condiciones de la promoción Early Bird.`,
    heading: 'Términos y condiciones',
    updated: '2026-11-28',
    lead: [
      'Estos términos explican, en palabras sencillas, qué compras al inscribirte al taller, cuánto cuesta, cómo recibes tu acceso y qué pasa si algo cambia. Al inscribirte los aceptas; si algo no está claro, ',
      ...reachUs(facts),
      ' antes de pagar.',
    ],
    sections: [
      {
        heading: 'Quién vende',
        blocks: [
          [
            `El taller «${site.name}» lo imparte ${facts.trainerName} y lo vende ${facts.seller.name}, con domicilio en ${facts.seller.address}. Para cualquier duda, `,
            ...reachUs(facts),
            '.',
          ],
        ],
      },
      {
        heading: 'Qué compras',
        blocks: [
          [`Tu inscripción es un lugar para una persona en el taller en vivo, en línea por Google Meet, el ${facts.workshopDate}. Incluye:`],
          { list: pricing.includes.map((item) => [item]) },
          [
            `La grabación queda disponible durante ${workshop.recordingDays} días después del taller, para que la veas a tu ritmo. Tu lugar es personal: el enlace de acceso es solo para ti.`,
          ],
        ],
      },
      {
        heading: 'Precio y moneda',
        blocks: [
          [
            facts.earlyBirdPesos
              ? `El precio normal es de ${usd(prices.normal)} por persona, en un solo pago, en dólares estadounidenses (${prices.currency}). El precio Early Bird tiene un monto fijo en pesos mexicanos, ${facts.earlyBirdPesos}, que es lo que te cobra la página de pago si pagas desde México; en dólares es de ${usd(prices.earlyBird)}. Desde otro país, la página de pago puede cobrarte en dólares, o mostrarte el monto en tu moneda local y cobrarlo en ella, con el tipo de cambio que te muestra antes de que pagues. Si pagas en dólares con una tarjeta de otra moneda, tu banco hace la conversión y puede cobrarte sus propias comisiones.`
              : `El precio normal es de ${usd(prices.normal)} por persona, en un solo pago. Los precios están en dólares estadounidenses (${prices.currency}) y el cobro se hace en esa moneda. La página de pago puede mostrarte el monto en tu moneda local y cobrarlo en ella, con el tipo de cambio que te muestra antes de que pagues. Si pagas en dólares con una tarjeta de otra moneda, tu banco hace la conversión y puede cobrarte sus propias comisiones.`,
          ],
          ...(facts.normalPesos
            ? [
                [
                  `El precio normal tiene también un monto fijo en pesos mexicanos, ${facts.normalPesos}, que es lo que te cobra su página de pago si pagas desde México.`,
                ],
              ]
            : []),
          [`${pricing.taxesIncluded} Los precios que publicamos son el total que pagas: la página de pago no te suma ningún impuesto.`],
          [
            'El pago lo procesa Stripe en su página de pago segura, que se abre en una pestaña nueva. Nosotros nunca vemos ni guardamos los datos de tu tarjeta.',
          ],
        ],
      },
      {
        heading: 'Cómo recibes tu acceso',
        blocks: [
          [
            facts.automaticMail
              ? `En cuanto tu pago se confirma, te llega un correo de confirmación con tu enlace personal de acceso y una invitación para tu calendario, a la dirección que escribiste en la página de pago. Si pagas con tarjeta, se confirma al terminar el pago, y la página de pago te trae de vuelta a una página de este sitio con la misma confirmación. Si pagas con una ficha de OXXO o por transferencia bancaria, se confirma cuando el pago se acredita. Tu enlace personal se abre ${OPENS_BEFORE_MINUTES} minutos antes del taller y te lleva a Google Meet. Te escribimos también un día antes y una hora antes del taller.`
              : 'Después de tu pago te escribimos a la dirección que escribiste en la página de pago, con la confirmación y el enlace de Google Meet. Si pagas con una ficha de OXXO o por transferencia bancaria, te escribimos cuando el pago se acredita.',
          ],
          [
            facts.automaticMail
              ? 'Al terminar el taller te enviamos por correo la grabación y los materiales, que quedan también en tu enlace personal. Si tu compra se reembolsa por completo o disputas el pago con tu banco, tu enlace personal deja de dar acceso. Si no encuentras nuestros correos, revisa tu carpeta de spam o '
              : 'La grabación y los materiales te llegan por correo después del taller. Si no encuentras nuestros correos, revisa tu carpeta de spam o ',
            ...reachUs(facts),
            '.',
          ],
        ],
      },
      {
        heading: 'Si tu pago llega tarde',
        blocks: [
          ...(facts.cardsOnlyFrom ? [[`${latePayment.cardsOnlyFrom} ${facts.cardsOnlyFrom}.`]] : []),
          ...(facts.automaticMail ? [[latePayment.lateVoucher]] : []),
          [facts.automaticMail ? latePayment.afterEnd : latePayment.afterEndByHand],
        ],
      },
      {
        heading: 'Promoción Early Bird',
        blocks: [
          [
            `Mientras dure la promoción Early Bird, el taller cuesta ${earlyBirdPrice(facts)} en lugar de ${usd(prices.normal)} (ahorras ${usd(prices.saving)}). Sus condiciones:`,
          ],
          {
            list: [
              [`Termina el ${facts.earlyBirdEnd}, o antes si se agotan sus ${prices.earlyBirdSpots} lugares.`],
              [
                `Hay ${prices.earlyBirdSpots} lugares con este precio y los cuenta la página de pago: cada compra que se completa en ella ocupa uno. Al completarse la compra número ${prices.earlyBirdSpots}, la página de pago deja de aceptar este precio. El contador de este sitio puede tardar unos segundos en reflejar las últimas compras; lo que decide es la página de pago.`,
              ],
              [
                `Si eliges un pago que se completa después (una ficha de OXXO o una transferencia bancaria, cuando la página de pago los ofrezca), tu lugar queda apartado en cuanto generas la ficha o los datos de la transferencia. Si pagas antes de su vencimiento, conservas tu lugar y el precio Early Bird, aunque mientras tanto se hayan agotado los demás lugares o haya pasado la fecha límite. ${voucherExpiry.lapse}${facts.automaticMail ? ` ${voucherExpiry.placeBack}` : ''}`,
              ],
              facts.normalCheckout
                ? ['Después de la promoción, el precio es el normal, y lo pagas en su propia página de pago desde esta misma página.']
                : ['Después de la promoción, el precio es el normal. Para inscribirte a ese precio, ', ...reachUs(facts), '.'],
            ],
          },
        ],
      },
      {
        heading: 'Factura (CFDI)',
        blocks: [
          ['Si necesitas factura, escríbenos a ', mailLink(facts.seller.email), ` ${invoice.deadline}, desde el correo con el que te inscribiste, con:`],
          { list: invoice.data.map((item) => [item]) },
          [`${invoice.certificate} ${invoice.delivery} ${invoice.afterDeadline}`],
        ],
      },
      {
        heading: 'Garantía y reembolsos',
        blocks: [
          [
            'Tienes una garantía de claridad y puedes pedir el reembolso del 100 % de lo que pagaste, en las condiciones de nuestra ',
            { text: 'política de reembolso', href: facts.paths.refunds },
            '.',
          ],
          [voucherRefund],
        ],
      },
      {
        heading: 'Si cambiamos la fecha o cancelamos el taller',
        blocks: [
          [
            facts.automaticMail
              ? `Si tenemos que cambiar la fecha o la hora del taller, te escribimos en cuanto lo sepamos, con la nueva fecha y una invitación que la actualiza en tu calendario. Si la nueva fecha no te funciona, pide tu reembolso desde tu enlace personal de acceso, con su botón, en cualquier momento antes de que empiece el taller en la nueva fecha. Si cancelamos el taller, te escribimos, y no tienes que pedir nada: hacemos la devolución nosotros.`
              : 'Si tenemos que cambiar la fecha o la hora del taller, te avisamos por correo en cuanto lo sepamos, con la nueva fecha; si no te funciona, escríbenos antes de ella. Si cancelamos el taller, te escribimos, y no tienes que pedir nada.',
          ],
          [sellerCancellation.clause],
          [sellerCancellation.payment],
          ['Si una falla técnica de nuestro lado interrumpe la sesión, la completamos en una nueva fecha, con las mismas opciones.'],
        ],
      },
      {
        heading: 'Propiedad intelectual',
        blocks: [
          [
            `El taller, su grabación y los materiales (la fórmula en PDF, el GPT personalizado y el banco de ganchos) pertenecen a ${facts.seller.name}. Con tu inscripción recibes permiso para usarlos en tu propio negocio; no puedes revenderlos, compartirlos, publicarlos ni grabar la sesión en vivo por tu cuenta. Lo que tú creas con ellos (tus guiones, carruseles y publicaciones) es tuyo.`,
          ],
        ],
      },
      {
        heading: 'Tus datos',
        blocks: [
          ['Qué datos tuyos usamos, para qué y cómo ejercer tus derechos lo explica nuestro ', { text: 'aviso de privacidad', href: facts.paths.privacy }, '.'],
        ],
      },
      {
        heading: 'Dudas y quejas',
        blocks: [
          ['Si algo no salió como esperabas, ', ...reachUs(facts), ': respondemos cada mensaje y buscamos una solución contigo.'],
          [
            'También puedes acudir a la Procuraduría Federal del Consumidor (PROFECO): en ',
            { text: profeco.site, href: profeco.url },
            `, en su Teléfono del Consumidor (${profeco.phoneCdmx} desde la Ciudad de México o ${profeco.phoneElsewhere} desde el resto del país) o en línea, con Concilianet.`,
          ],
        ],
      },
      {
        heading: 'Cambios a estos términos',
        blocks: [
          [
            'Si cambiamos estos términos, publicamos la nueva versión en esta página con su fecha. Tu compra se rige por los términos vigentes el día en que te inscribiste. Estos términos se rigen por las leyes de México.',
          ],
        ],
      },
    ],
  }),

  refunds: (facts: LegalFacts): LegalText => ({
    title: `Política de reembolso | ${site.name}`,
    description: `Una sola política: una sesión de seguimiento sin costo si te falta claridad, o el 100 % de tu dinero si lo pides dentro de los ${refundPromise.windowDays} días naturales posteriores al taller.`,
    heading: 'Política de reembolso',
    updated: '2026-11-25',
    lead: ['Queremos que salgas del taller con claridad y un plan. Si no es así, tienes dos opciones y eliges tú.'],
    sections: [
      {
        heading: 'Nuestra promesa',
        blocks: [[refundPromise.clarity], [refundPromise.moneyBack]],
      },
      {
        heading: 'La sesión de seguimiento sin costo',
        blocks: [
          [
            'Escríbenos a ',
            mailLink(facts.seller.email),
            ' desde el correo con el que te inscribiste y cuéntanos en qué punto te quedaste. Acordamos juntas una fecha para una sesión en línea en la que revisamos tu estrategia.',
          ],
        ],
      },
      {
        heading: 'El reembolso del 100 %',
        blocks: [
          {
            list: [
              [
                `Cuándo: desde que te inscribes y hasta el ${facts.refundDeadline}, el último de los ${refundPromise.windowDays} días naturales posteriores al taller.`,
              ],
              [
                'Cómo: escríbenos a ',
                mailLink(facts.seller.email),
                ' desde el correo con el que te inscribiste, o dinos el nombre y el correo que usaste en la página de pago. No hay formulario que llenar.',
              ],
              ['Cuánto: el 100 % de lo que pagaste, en la misma moneda en que pagaste.'],
              [
                `Cómo te llega: lo emitimos por Stripe al mismo medio de pago a más tardar ${refundPromise.issueDays} días hábiles después de tu correo; tu banco puede tardar unos días más en reflejarlo.`,
              ],
              [voucherRefund],
            ],
          },
        ],
      },
      {
        heading: 'Si no puedes conectarte en vivo',
        blocks: [
          [
            `Tendrás la grabación durante ${workshop.recordingDays} días. Si aun así prefieres tu dinero, aplica el mismo plazo: hasta el ${facts.refundDeadline}.`,
          ],
        ],
      },
      {
        heading: 'Si cambiamos la fecha o cancelamos el taller',
        blocks: [
          [sellerCancellation.clause],
          [sellerCancellation.payment],
          ['Cómo te avisamos de un cambio lo explican nuestros ', { text: 'términos y condiciones', href: facts.paths.terms }, '.'],
        ],
      },
    ],
  }),

  privacy: (facts: LegalFacts): LegalText => ({
    title: `Aviso de privacidad | ${site.name}`,
    description:
      'Quién es responsable de tus datos, cuáles usamos y para qué, con quién los compartimos y cómo ejercer tus derechos ARCO. Este sitio no usa cookies.',
    heading: 'Aviso de privacidad',
    updated: '2026-11-25',
    lead: [
      'Este aviso explica qué datos personales tuyos usamos, para qué, con quién los compartimos y qué derechos tienes sobre ellos, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.',
    ],
    sections: [
      {
        heading: 'Quién es responsable de tus datos',
        blocks: [
          [
            `${facts.seller.name}, con domicilio en ${facts.seller.address}, es responsable del uso y la protección de tus datos personales. Para cualquier asunto sobre ellos, `,
            ...reachUs(facts),
            '.',
          ],
        ],
      },
      {
        heading: 'Qué datos usamos',
        blocks: [
          {
            list: [
              [
                'Al inscribirte, en la página de pago de Stripe: tu nombre, tu correo electrónico, tu país y los datos de tu medio de pago. Los datos completos de tu tarjeta los recibe y guarda Stripe; nosotros solo vemos datos como su marca y sus últimos cuatro dígitos.',
              ],
              ['Si nos escribes (para unirte a la lista de espera o pedir tu reembolso, por ejemplo): tu correo y lo que nos cuentes.'],
              [
                'En el taller en vivo, que se graba: el nombre con el que entras a Google Meet y, si enciendes tu cámara o tu micrófono o escribes en el chat, tu imagen, tu voz y tus mensajes.',
              ],
            ],
          },
          ['No te pedimos datos sensibles.'],
        ],
      },
      {
        heading: 'Para qué los usamos',
        blocks: [
          {
            list: [
              ['Registrar tu inscripción y tu pago.'],
              [
                facts.automaticMail
                  ? 'Enviarte el correo de confirmación con tu enlace personal de acceso y la invitación para tu calendario, los recordatorios un día y una hora antes del taller, y después la grabación y los materiales.'
                  : 'Enviarte el correo de confirmación con el enlace de Google Meet y la invitación para tu calendario, y después la grabación y los materiales.',
              ],
              [`Grabar el taller y poner la grabación a disposición de quienes se inscribieron, durante ${workshop.recordingDays} días.`],
              ['Atender tus dudas, tu sesión de seguimiento, tu factura o tu reembolso.'],
              ['Cumplir nuestras obligaciones legales, como las fiscales.'],
            ],
          },
          ['No usamos tus datos para publicidad ni los vendemos. Solo te escribimos sobre una próxima edición o un lugar que se libera si tú nos lo pides.'],
        ],
      },
      {
        heading: 'Este sitio no guarda nada tuyo',
        blocks: [
          [
            'Este sitio no usa cookies, no tiene cuentas ni formularios y no guarda datos tuyos. Su servidor anota qué página se pidió, cuándo y con qué resultado, para funcionar y detectar fallas, sin ningún dato que te identifique.',
          ],
          [
            'Si llegas desde un enlace con etiquetas de campaña (como utm_source), este sitio se las pasa a la página de pago para saber qué publicación funcionó: dicen de dónde vienes, no quién eres.',
          ],
        ],
      },
      {
        heading: 'Con quién compartimos tus datos',
        blocks: [
          {
            list: [
              [
                'Stripe, que procesa tu pago y guarda los datos de la compra conforme a su propio ',
                { text: 'aviso de privacidad', href: 'https://stripe.com/privacy' },
                ', y puede tratarlos fuera de México.',
              ],
              [
                'El servicio de correo electrónico con el que te enviamos los correos del taller, que trata tu nombre y tu correo solo por encargo nuestro y para eso.',
              ],
              ['Google, que opera Google Meet, donde ocurre el taller en vivo.'],
              [
                `Las demás personas inscritas en el taller, que reciben la grabación durante ${workshop.recordingDays} días: con ella, la imagen, la voz y los mensajes del chat de quienes participan.`,
              ],
              ['Las autoridades, solo cuando una ley nos lo exija.'],
            ],
          },
          [
            'Compartirlos con Stripe, el servicio de correo y Google es necesario para darte el taller que compraste, por lo que no requiere tu consentimiento. No los compartimos con nadie más.',
          ],
          [
            'Tu imagen, tu voz y tus mensajes solo quedan en la grabación si enciendes tu cámara o tu micrófono o escribes en el chat: al hacerlo aceptas que la reciban las demás personas inscritas. Puedes seguir todo el taller sin hacerlo.',
          ],
        ],
      },
      {
        heading: 'Cuánto tiempo los conservamos',
        blocks: [
          ['Mientras dure tu inscripción y, después, solo el tiempo que nos exigen las leyes, como las fiscales.'],
          [`La grabación, solo los ${workshop.recordingDays} días en que está disponible para quienes se inscribieron; después la borramos.`],
        ],
      },
      {
        heading: 'Tus derechos ARCO',
        blocks: [
          [
            'Tienes derecho a saber qué datos tuyos tenemos (acceso), a corregirlos (rectificación), a pedir que los borremos (cancelación) y a oponerte a un uso concreto (oposición). También puedes revocar tu consentimiento o limitar el uso de tus datos.',
          ],
          ['Para ejercerlos, escríbenos a ', mailLink(facts.seller.email), ' con:'],
          {
            list: [
              ['tu nombre y el correo con el que te inscribiste;'],
              ['una copia de tu identificación oficial (o la de tu representante, con el documento que lo acredite);'],
              ['qué derecho quieres ejercer y sobre qué datos.'],
            ],
          },
          [
            `Te respondemos en un máximo de 20 días hábiles y, si procede, lo hacemos efectivo dentro de los 15 días hábiles siguientes. Si no quedas conforme con nuestra respuesta, puedes acudir a la autoridad de protección de datos personales, la ${DATA_AUTHORITY}.`,
          ],
        ],
      },
      {
        heading: 'Cambios a este aviso',
        blocks: [
          [
            'Publicamos cualquier cambio en esta página, con su nueva fecha de actualización arriba. Si un cambio afecta cómo usamos los datos de quienes ya se inscribieron, también les escribimos por correo.',
          ],
        ],
      },
    ],
  }),
} as const;
