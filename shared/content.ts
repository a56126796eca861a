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

export const workshop = {
  title: 'Taller en vivo: Marca de Autoridad con IA',
  durationMinutes: 150,
  durationLabel: '2.5 horas en vivo',
  zoneLabel: 'hora de la Ciudad de México',
  /** After a date and time, where space is short: "…, 11:59 p. m. (Ciudad de México)". */
  zoneShortLabel: '(Ciudad de México)',
  meridiem: { am: 'a. m.', pm: 'p. m.' },
  format: 'En línea, por Google Meet',
  capacity: 'Ultra-limitado',
  /** The public calendar file's and link's place: the join link itself goes only to buyers. */
  calendarLocation: 'Google Meet: el enlace llega a tu correo al confirmarse tu pago',
  calendarDescription:
    'Taller en vivo de 2.5 horas para construir tu marca de autoridad con IA: estrategia, plan de contenido y producción de videos cortos y carruseles. El enlace de Google Meet llega a tu correo cuando se confirma tu pago.',
  /** A buyer's own invite: the description, then the join link on a line of its own. */
  calendarJoinLead: 'Entra al taller desde este enlace:',
} as const;

export const prices = {
  currency: 'USD',
  normal: 97,
  earlyBird: 49,
  saving: 48,
  earlyBirdSpots: 30,
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
  /** Followed by the workshop's full date, e.g. "Se realizó el miércoles 3 de septiembre de 2025". */
  closedDatePrefix: 'Se realizó el',
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

export const trainer = {
  id: 'sobre-mi',
  eyebrow: 'Tu instructora',
  /** Placeholder name: the owner replaces it with the trainer's real name. */
  name: 'Valeria Montes',
  role: 'Estratega de marca personal y creadora de contenido',
  initials: 'VM',
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
    { title: 'Grabación por 30 días', text: 'Repasa cada parte del taller a tu ritmo durante 30 días.' },
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

export const pricing = {
  id: 'precios',
  eyebrow: 'Inversión',
  title: 'Reserva tu lugar hoy',
  /** The title once the Early Bird is over: nothing is urgent "today" any more. */
  normalTitle: 'Reserva tu lugar',
  soldOutTitle: 'Los lugares de esta edición se agotaron',
  closedTitle: 'Esta edición ya se realizó',
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
  // A no-break space keeps the price in one piece on a narrow button.
  checkoutCta: 'Inscribirme por 49\u00a0USD',
  checkoutNote: 'Pago seguro con tarjeta. Se abre en una pestaña nueva.',
  normalCta: 'Contactar para precio normal',
  normalNote: 'El precio Early Bird ya terminó. Escríbenos y te compartimos cómo inscribirte.',
  /** The normal price reached before the deadline: the last Early Bird spot was sold. */
  earlyBirdTakenNote: 'Los lugares con precio Early Bird ya se agotaron. Escríbenos y te compartimos cómo inscribirte.',
  soldOutLabel: 'Cupo lleno',
  soldOutText: 'Los 30 lugares de esta edición ya tienen dueña. Únete a la lista de espera y te escribimos si se libera un lugar o abrimos una nueva fecha.',
  closedLabel: 'Inscripciones cerradas',
  /** Followed by the workshop's full date. */
  closedTextPrefix: 'El taller en vivo se realizó el',
  closedText: 'Escríbenos y te avisamos en cuanto abramos la próxima edición.',
  includesTitle: 'Tu lugar incluye',
  includes: [
    'Taller en vivo de 2.5 horas',
    'Fórmula probada (PDF)',
    'GPT personalizado para videos y carruseles',
    'Grabación disponible por 30 días',
    'Retroalimentación en vivo',
    'Bono extra: banco de 50 ganchos',
  ],
  guaranteeTitle: 'Garantía de claridad',
  guarantee: 'Si al terminar el taller todavía no tienes claridad sobre tu estrategia, te regalo una sesión de seguimiento sin costo.',
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
      answer: 'Tendrás la grabación disponible durante 30 días para verla a tu ritmo, junto con todos los materiales y bonos.',
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
      /** Where the owner writes to each buyer (the site sends no mail: docs/fulfilment.md). */
      answer: 'Después de tu pago te llega un correo con la confirmación y el enlace de Google Meet. Revisa también tu carpeta de spam.',
      /** Where the site sends the confirmation itself, as soon as Stripe confirms the payment. */
      automaticAnswer:
        'En cuanto se confirma tu pago te llega un correo con la confirmación, el enlace de Google Meet y una invitación para tu calendario que te recuerda el taller un día y una hora antes. Si pagas en efectivo en OXXO o por transferencia, el correo llega cuando se acredita el pago. Revisa también tu carpeta de spam.',
    },
    {
      question: '¿Por qué el cupo es tan limitado?',
      answer: 'Porque damos retroalimentación en vivo y queremos revisar tus ideas con calma. Con un grupo pequeño, cada participante recibe atención real.',
    },
    {
      question: '¿Y si el taller no es lo que esperaba?',
      answer: 'Si el taller no cumple tus expectativas, te devolvemos el 100 % de tu inversión. Solo escríbenos al terminar la sesión.',
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
  cta: 'Reserva tu lugar ahora',
} as const;

export const footer = {
  legalLabel: 'Información legal',
  socialLabel: 'Redes sociales',
  /**
   * Placeholders until the owner has real pages: with href null they are rendered as HTML placeholder links
   * (an <a> without href), which go nowhere and do not move the page. Put the real URL in href to link them.
   */
  legal: [
    { href: null, label: 'Términos y condiciones' },
    { href: null, label: 'Política de reembolso' },
    { href: null, label: 'Política de privacidad' },
  ],
  social: [
    { href: null, label: 'Instagram' },
    { href: null, label: 'LinkedIn' },
  ],
  contactLabel: 'Contacto',
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
 * The confirmation mail (docs/fulfilment.md): what a buyer receives, in Spanish, once the payment is confirmed.
 * The date, the times in each city of `details.cities` and the join link are filled in from the settings.
 */
export const confirmation = {
  subject: 'Tu lugar está confirmado: Taller en vivo Marca de Autoridad con IA',
  /** "¡Hola, Ana!", or without a name when the checkout had none. */
  greeting: (firstName: string | null): string => (firstName ? `¡Hola, ${firstName}!` : '¡Hola!'),
  lead: 'Tu pago está confirmado y tu lugar en el taller en vivo Marca de Autoridad con IA ya es tuyo. Aquí tienes todo lo que necesitas para el día del taller.',
  whenTitle: 'Cuándo',
  citiesTitle: 'La hora en tu ciudad',
  joinTitle: 'Cómo entrar',
  joinText: 'El taller es en vivo por Google Meet. Entra desde este enlace unos minutos antes de empezar:',
  joinCta: 'Entrar al taller',
  calendarTitle: 'Tu invitación para el calendario',
  calendarText:
    'Adjuntamos una invitación (taller-marca-autoridad.ics) con el enlace y dos recordatorios: un día antes y una hora antes. Ábrela para añadir el taller a tu calendario.',
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

/** The page the Payment Link sends a buyer to after paying (/gracias), in each of its states. */
export const thanks = {
  title: 'Tu compra',
  paid: {
    eyebrow: 'Compra confirmada',
    heading: (firstName: string | null): string => (firstName ? `¡Gracias, ${firstName}! Tu lugar está confirmado` : '¡Gracias! Tu lugar está confirmado'),
    mailNote: 'Te enviamos esta misma información a tu correo, con la invitación para tu calendario. Si no la ves en unos minutos, revisa spam o promociones.',
    googleCalendarCta: 'Añadir a Google Calendar',
    googleCalendarHint: 'Google Calendar se abre en una pestaña nueva, con el enlace del taller.',
    icsCta: 'Descargar la invitación (.ics)',
    contactLead: '¿Dudas? Escríbenos a',
  },
  pending: {
    eyebrow: 'Pago pendiente',
    heading: 'Tu lugar está apartado: falta tu pago',
    lead: 'Elegiste pagar en efectivo en OXXO o por transferencia. Tu lugar queda confirmado cuando el pago se acredita.',
    steps: [
      'Paga tu ficha en cualquier tienda OXXO, o haz la transferencia con los datos que te dio Stripe, antes de que venzan.',
      'El pago se acredita en hasta un día hábil.',
      'En cuanto se acredita, te llega un correo con la confirmación, el enlace del taller y la invitación para tu calendario.',
    ],
    help: 'Si ya pagaste y en un día hábil no te ha llegado el correo, escríbenos a',
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
