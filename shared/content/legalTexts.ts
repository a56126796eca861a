/**
 * The three legal pages, /terminos, /reembolsos and /privacidad (shared/components/LegalPage.tsx, each a run of
 * shared/components/InlineText.tsx), and the consent line beside every pay button (shared/components/landing/PriceCard.tsx).
 * Their facts come from the other content files and from the settings, passed in as LegalFacts
 * (server/render/documents.tsx): the seller, the dates, the prices in pesos. The promises they state are salePromises.ts'.
 */
import { pricing } from './landingPageWords';
import { invoice, latePayment, refundByMail, refundPromise, sellerCancellation, voucherExpiry, voucherRefund } from './salePromises';
import { OPENS_BEFORE_MINUTES, prices, type SellerContact, site, workshop } from './siteFacts';

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
          [`Tu inscripción es un lugar para una persona en el taller en vivo, en línea por ${workshop.meetingService}, el ${facts.workshopDate}. Incluye:`],
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
              ? `En cuanto tu pago se confirma, te llega un correo de confirmación con tu enlace personal de acceso y una invitación para tu calendario, a la dirección que escribiste en la página de pago. Si pagas con tarjeta, se confirma al terminar el pago, y la página de pago te trae de vuelta a una página de este sitio con la misma confirmación. Si pagas con una ficha de OXXO o por transferencia bancaria, se confirma cuando el pago se acredita. Tu enlace personal se abre ${OPENS_BEFORE_MINUTES} minutos antes del taller y te lleva a ${workshop.meetingService}. Te escribimos también un día antes y una hora antes del taller.`
              : `Después de tu pago te escribimos a la dirección que escribiste en la página de pago, con la confirmación y el enlace de ${workshop.meetingService}. Si pagas con una ficha de OXXO o por transferencia bancaria, te escribimos cuando el pago se acredita.`,
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
              ? `Si tenemos que cambiar la fecha o la hora del taller, te escribimos en cuanto lo sepamos, con la nueva fecha y una invitación que la actualiza en tu calendario. Si la nueva fecha no te funciona, pide tu reembolso desde tu enlace personal de acceso, con su botón, en cualquier momento antes de que empiece el taller en la nueva fecha. ${refundByMail.howTo} Si cancelamos el taller, te escribimos, y no tienes que pedir nada: hacemos la devolución nosotros.`
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
                `En el taller en vivo, que se graba: el nombre con el que entras a ${workshop.meetingService} y, si enciendes tu cámara o tu micrófono o escribes en el chat, tu imagen, tu voz y tus mensajes.`,
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
                  : `Enviarte el correo de confirmación con el enlace de ${workshop.meetingService} y la invitación para tu calendario, y después la grabación y los materiales.`,
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
              [`${workshop.meetingOperator}, que opera ${workshop.meetingService}, donde ocurre el taller en vivo.`],
              [
                `Las demás personas inscritas en el taller, que reciben la grabación durante ${workshop.recordingDays} días: con ella, la imagen, la voz y los mensajes del chat de quienes participan.`,
              ],
              ['Las autoridades, solo cuando una ley nos lo exija.'],
            ],
          },
          [
            `Compartirlos con Stripe, el servicio de correo y ${workshop.meetingOperator} es necesario para darte el taller que compraste, por lo que no requiere tu consentimiento. No los compartimos con nadie más.`,
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
