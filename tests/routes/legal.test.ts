/**
 * The terms, the refund policy and the privacy notice as a visitor gets them: status and headers (cached like
 * /prompt1, no script), what each must state, read from the settings and the content; the one refund promise in the
 * same words on the price card, in the FAQ and on the refund page; the clauses said once and shown alike wherever
 * they appear (the consent line, the seller's cancellation, a voucher's refund); taxes and invoices; the line beside
 * the pay button; the currency where a buyer decides; and the footer production shows.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS } from '../../scripts/lib/harness';
import { faq, invoice, pricing, prices, refundPromise, workshop } from '../../shared/content';
import { DEFAULT_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';

const SELLER = {
  SELLER_NAME: 'Ana Torres Ejemplo',
  SELLER_ADDRESS: 'Av. Ejemplo 123, Col. Roma Norte, 06700 Ciudad de México, México',
  SELLER_PHONE: '+52 55 1234 5678',
  TRAINER_NAME: 'Lucía Ramírez Ejemplo',
  CONTACT_EMAIL: 'hola@mi-taller.mx',
  // The deadline of the defaults with the tests' start a week after it: the Early Bird ends at its deadline.
  EARLY_BIRD_DEADLINE: '2025-09-30T23:59:59-06:00',
};
/** The buyer's mails and links set up (docs/fulfilment.md): the site sends the mails and gives expired vouchers' places back. */
const FULFILMENT = {
  STRIPE_SECRET_KEY: 'rk_test_legalpages0000',
  STRIPE_PAYMENT_LINK: 'plink_1LegalPages',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  STRIPE_WEBHOOK_SECRET: 'whsec_legalpagestestsecret0123456789',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'taller@taller.example.org',
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  ACCESS_SECRET: 'legal-pages-test-access-secret-0123456789',
};
const LEGAL_PATHS = ['/terminos', '/reembolsos', '/privacidad'] as const;
const NOW = DEFAULT_DEADLINE_MS - 86_400_000;

const page = async (path: string, env: Record<string, string> = SELLER, now = NOW) => {
  const res = await request(testApp({ env, now }).app).get(path);
  const doc = parseHtml(res.text);
  return { res, doc, text: textOf(doc.querySelector('main')) };
};
const hrefOf = (doc: Document, label: string, within = 'main'): string | null | undefined =>
  [...doc.querySelectorAll(`${within} a`)].find((a) => textOf(a) === label)?.getAttribute('href');

describe.each(LEGAL_PATHS)('GET %s', (path) => {
  it('answers 200 with a complete Spanish page, cached like /prompt1, with no script and no cookie', async () => {
    const { app } = testApp({ env: SELLER, now: NOW });
    const [res, prompt] = [await request(app).get(path), await request(app).get('/prompt1')];
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe(prompt.headers['cache-control']);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"/);
    expect(
      (
        await request(app)
          .get(path)
          .set('If-None-Match', res.headers.etag as string)
      ).status,
    ).toBe(304);
    expect(res.text).not.toMatch(/<script/i);
    const doc = parseHtml(res.text);
    expect(doc.documentElement.getAttribute('lang')).toBe('es');
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelectorAll('main h2').length).toBeGreaterThanOrEqual(5);
    expect(doc.querySelector('main')?.id).toBe('contenido');
  });

  it('shows its last-updated date in words, with a machine-readable one', async () => {
    const { doc } = await page(path);
    const time = doc.querySelector('main time');
    expect(time?.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(textOf(time?.parentElement)).toMatch(/^Última actualización: \d{1,2} de [a-z]+ de 20\d\d$/);
  });

  it('says how to reach the seller, and the footer names them from the settings', async () => {
    const { doc } = await page(path);
    expect(doc.querySelector('main a[href="mailto:hola@mi-taller.mx"]')).not.toBeNull();
    const footer = doc.querySelector('footer');
    expect(textOf(footer)).toContain(`${SELLER.SELLER_NAME} · ${SELLER.SELLER_ADDRESS}`);
    expect(footer?.querySelector('a[href="tel:+525512345678"]')?.textContent).toBe(SELLER.SELLER_PHONE);
  });

  it('answers HEAD, and refuses POST with 405', async () => {
    const { app } = testApp({ env: SELLER, now: NOW });
    expect((await request(app).head(path)).status).toBe(200);
    const post = await request(app).post(path);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('the terms', () => {
  it('say who sells, what is bought, its price and currency, and how access is delivered', async () => {
    const { doc, text } = await page('/terminos');
    expect(text).toContain(`lo imparte ${SELLER.TRAINER_NAME} y lo vende ${SELLER.SELLER_NAME}, con domicilio en ${SELLER.SELLER_ADDRESS}`);
    expect(text).toContain('el miércoles 8 de octubre de 2025, 8:00 p. m. hora de la Ciudad de México');
    for (const item of pricing.includes) expect(text).toContain(item);
    expect(text).toContain(`durante ${workshop.recordingDays} días después del taller`);
    expect(text).toContain('El precio normal es de 97 USD por persona');
    expect(text).toContain('Los precios están en dólares estadounidenses (USD) y el cobro se hace en esa moneda');
    // Without the mail settings the owner writes to each buyer, and the terms say so.
    expect(text).toContain(
      'Después de tu pago te escribimos a la dirección que escribiste en la página de pago, con la confirmación y el enlace de Google Meet',
    );
    expect(text).toContain('Si pagas con una ficha de OXXO o por transferencia bancaria, te escribimos cuando el pago se acredita');
    expect(hrefOf(doc, 'política de reembolso')).toBe('/reembolsos');
    expect(hrefOf(doc, 'aviso de privacidad')).toBe('/privacidad');
  });

  it('say the site sends the mails itself where the mail settings are set: the personal link, its opening, the reminders, the recording, access ending', async () => {
    const { text } = await page('/terminos', { ...SELLER, ...FULFILMENT });
    expect(text).toContain(
      'En cuanto tu pago se confirma, te llega un correo de confirmación con tu enlace personal de acceso y una invitación para tu calendario',
    );
    expect(text).toContain('Si pagas con una ficha de OXXO o por transferencia bancaria, se confirma cuando el pago se acredita');
    expect(text).toContain(
      'Tu enlace personal se abre 15 minutos antes del taller y te lleva a Google Meet. Te escribimos también un día antes y una hora antes del taller.',
    );
    expect(text).toContain('Al terminar el taller te enviamos por correo la grabación y los materiales, que quedan también en tu enlace personal.');
    expect(text).toContain('Si tu compra se reembolsa por completo o disputas el pago con tu banco, tu enlace personal deja de dar acceso.');
    expect(text).toContain('Tu lugar es personal: el enlace de acceso es solo para ti.');
    const privacy = (await page('/privacidad', { ...SELLER, ...FULFILMENT })).text;
    expect(privacy).toContain(
      'Enviarte el correo de confirmación con tu enlace personal de acceso y la invitación para tu calendario, los recordatorios un día y una hora antes del taller',
    );
  });

  it('say what becomes of a voucher not paid in time: its place goes back to the Early Bird where the site gives it back, and nowhere else is that promised', async () => {
    const lapse = 'Si vencen sin pagarse, la compra se cancela sin ningún cargo y pierdes el lugar apartado.';
    const placeBack = 'Mientras siga la promoción Early Bird, ese lugar vuelve a ofrecerse con su precio y el contador de este sitio lo cuenta de nuevo.';
    const passage = (doc: Document) => [...doc.querySelectorAll('main li')].map(textOf).find((item) => item.includes('vencen sin pagarse'));
    expect(passage((await page('/terminos', { ...SELLER, ...FULFILMENT })).doc)).toMatch(new RegExp(`${lapse} ${placeBack}$`));
    // Without the fulfilment nothing gives the place back by itself: the terms say only what the buyer loses.
    const manual = passage((await page('/terminos')).doc);
    expect(manual).toMatch(new RegExp(`${lapse}$`));
    expect(manual).not.toContain('vuelve a ofrecerse');
  });

  it("state the Early Bird's conditions: the price, the end in words with its year and zone, the spots the checkout counts, a late payment", async () => {
    const { text } = await page('/terminos');
    expect(text).toContain('el taller cuesta 49 USD en lugar de 97 USD (ahorras 48 USD)');
    expect(text).toContain('Termina el martes 30 de septiembre de 2025, 11:59 p. m. hora de la Ciudad de México, o antes si se agotan sus 30 lugares.');
    expect(text).toContain(`Hay ${prices.earlyBirdSpots} lugares con este precio y los cuenta la página de pago`);
    expect(text).toContain(
      'Si pagas antes de su vencimiento, conservas tu lugar y el precio Early Bird, aunque mientras tanto se hayan agotado los demás lugares o haya pasado la fecha límite.',
    );
    // A start before the deadline ends the offer: the terms say the start, as the price card does.
    const early = await page('/terminos', { ...SELLER, WORKSHOP_START: '2025-09-20T20:00:00-06:00' });
    expect(early.text).toContain('Termina el sábado 20 de septiembre de 2025, 8:00 p. m. hora de la Ciudad de México');
  });

  it('cover a change of date or a cancellation, intellectual property and complaints, PROFECO included', async () => {
    const { doc, text } = await page('/terminos');
    expect(text).toContain('Si cancelamos el taller, te escribimos, y no tienes que pedir nada.');
    expect(text).toContain(`pertenecen a ${SELLER.SELLER_NAME}`);
    expect(text).toContain('Procuraduría Federal del Consumidor (PROFECO)');
    expect(hrefOf(doc, 'gob.mx/profeco')).toBe('https://www.gob.mx/profeco');
    expect(doc.querySelector('main a[href="tel:+525512345678"]')).not.toBeNull();
  });

  it('leave the phone out where none is set', async () => {
    const { doc, text } = await page('/terminos', { ...SELLER, SELLER_PHONE: '' });
    expect(text).not.toContain('llámanos');
    expect(doc.querySelector('a[href^="tel:"]')).toBeNull();
  });
});

describe('the one refund promise', () => {
  /** The words a buyer reads, checked letter for letter: a change to the promise is a change to this test. */
  const GUARANTEE = 'Si al terminar el taller todavía no tienes claridad sobre tu estrategia, te regalo una sesión de seguimiento sin costo.';
  const MONEY_BACK =
    'Y si prefieres recuperar tu dinero, te devolvemos el 100 % de tu inversión: solo escríbenos dentro de los 7 días naturales posteriores al taller.';

  it('is the same on the price card, in the FAQ and on the refund page', async () => {
    const landing = (await page('/')).doc;
    expect(textOf(landing.querySelector('.guarantee p:last-child'))).toBe(GUARANTEE);
    const answer = [...landing.querySelectorAll('#faq details')].find(
      (item) => textOf(item.querySelector('summary')) === '¿Y si el taller no es lo que esperaba?',
    );
    expect(textOf(answer?.querySelector('.faq-item__answer'))).toBe(`${GUARANTEE} ${MONEY_BACK}`);
    const refunds = await page('/reembolsos');
    const paragraphs = [...refunds.doc.querySelectorAll('main p')].map(textOf);
    expect(paragraphs).toContain(GUARANTEE);
    expect(paragraphs).toContain(MONEY_BACK);
    // The content module is where the words live, and the window is its one fact.
    expect([pricing.guarantee, faq.items.at(-1)?.answer]).toEqual([GUARANTEE, `${GUARANTEE} ${MONEY_BACK}`]);
    expect(MONEY_BACK).toContain(`${refundPromise.windowDays} días naturales`);
  });

  it('names no other window and no other refund anywhere a buyer reads', async () => {
    for (const path of ['/', '/terminos', '/reembolsos']) {
      const { text } = await page(path);
      const windows = [...text.matchAll(/(\d+) días naturales/g)].map((match) => Number(match[1]));
      expect(
        windows.every((days) => days === refundPromise.windowDays),
        path,
      ).toBe(true);
      expect(text, path).not.toContain('al terminar la sesión');
    }
  });

  it("gives this edition's last day to ask, how the money comes back, and within how long", async () => {
    // The tests' start is Wednesday 8 October 2025: the seventh calendar day after it is Wednesday the 15th.
    const { text } = await page('/reembolsos');
    expect(text).toContain(
      'hasta el miércoles 15 de octubre de 2025, 11:59 p. m. hora de la Ciudad de México, el último de los 7 días naturales posteriores al taller',
    );
    expect(text).toContain(`a más tardar ${refundPromise.issueDays} días hábiles después de tu correo`);
    expect(text).toContain('el 100 % de lo que pagaste, en la misma moneda en que pagaste');
  });
});

describe('the privacy notice', () => {
  it('names who is responsible, which data and why, that the site keeps none, who receives it, the ARCO rights and how changes are told', async () => {
    const { doc, text } = await page('/privacidad');
    expect(text).toContain(`${SELLER.SELLER_NAME}, con domicilio en ${SELLER.SELLER_ADDRESS}, es responsable del uso y la protección de tus datos personales`);
    expect(text).toContain('tu nombre, tu correo electrónico, tu país y los datos de tu medio de pago');
    // Without the mail settings the owner writes to each buyer by hand (the reminders and the personal link are the site's).
    expect(text).toContain('Enviarte el correo de confirmación con el enlace de Google Meet y la invitación para tu calendario');
    expect(text).toContain('Este sitio no usa cookies, no tiene cuentas ni formularios y no guarda datos tuyos');
    expect(text).toContain('Stripe, que procesa tu pago');
    expect(text).toContain(
      'El servicio de correo electrónico con el que te enviamos los correos del taller, que trata tu nombre y tu correo solo por encargo nuestro y para eso.',
    );
    for (const right of ['(acceso)', '(rectificación)', '(cancelación)', '(oposición)']) expect(text).toContain(right);
    expect(text).toContain('Para ejercerlos, escríbenos a hola@mi-taller.mx con:');
    expect(text).toContain('Publicamos cualquier cambio en esta página, con su nueva fecha de actualización');
    expect(hrefOf(doc, 'aviso de privacidad')).toBe('https://stripe.com/privacy');
  });

  it('names the recording (image, voice and chat), who receives it and for how long, and the authority by name', async () => {
    const { doc, text } = await page('/privacidad');
    const items = [...doc.querySelectorAll('main li')].map(textOf);
    expect(items).toContain(
      'En el taller en vivo, que se graba: el nombre con el que entras a Google Meet y, si enciendes tu cámara o tu micrófono o escribes en el chat, tu imagen, tu voz y tus mensajes.',
    );
    expect(items).toContain(
      `Las demás personas inscritas en el taller, que reciben la grabación durante ${workshop.recordingDays} días: con ella, la imagen, la voz y los mensajes del chat de quienes participan.`,
    );
    expect(text).toContain('Puedes seguir todo el taller sin hacerlo.');
    expect(text).toContain('puedes acudir a la autoridad de protección de datos personales, la Secretaría Anticorrupción y Buen Gobierno.');
  });

  it('is true that the site sets no cookie, on any page it serves', async () => {
    const { app } = testApp({ env: SELLER, now: NOW });
    for (const path of ['/', '/prompt1', ...LEGAL_PATHS, '/taller-marca-autoridad.ics', '/no-existe']) {
      expect((await request(app).get(path)).headers['set-cookie'], path).toBeUndefined();
    }
  });
});

/** The words a buyer reads, letter for letter: each is one fact of the content, and a change to it is a change to this test. */
const CONSENT = 'Al inscribirte aceptas los términos y la política de reembolso, y confirmas que leíste el aviso de privacidad.';
const SELLER_CANCELLATION =
  'Si cancelamos el taller, o cambiamos su fecha y la nueva no te funciona, te devolvemos el 100 % de lo que pagaste y, además, te pagamos una bonificación del 20 % de ese monto, como establecen los artículos 92 y 92 ter de la Ley Federal de Protección al Consumidor.';
const VOUCHER_REFUND =
  'Si pagaste en efectivo con una ficha de OXXO, Stripe no puede devolver ese pago: te lo devolvemos por transferencia bancaria a la cuenta que nos indiques (su CLABE de 18 dígitos y el nombre de quien la tiene), a más tardar 5 días hábiles después de recibir esos datos.';

/** The texts of a page's paragraphs and list items, each as a visitor reads it. */
const passages = (doc: Document): string[] => [...doc.querySelectorAll('main p, main li')].map(textOf);

describe('the clauses said once, alike wherever they appear', () => {
  it("the seller's cancellation (LFPC arts. 92 and 92 ter): a refund and a bonificación of 20 %, in the terms and on the refund page", async () => {
    for (const path of ['/terminos', '/reembolsos']) {
      const found = passages((await page(path)).doc).filter((passage) => passage.includes('bonificación del'));
      expect(found, path).toEqual([SELLER_CANCELLATION]);
    }
  });

  it("a voucher's refund: by bank transfer, since Stripe cannot refund OXXO, on the refund page and in the terms", async () => {
    for (const path of ['/reembolsos', '/terminos']) {
      const found = passages((await page(path)).doc).filter((passage) => passage.includes('OXXO') && passage.includes('devolv'));
      expect(found, path).toEqual([VOUCHER_REFUND]);
    }
  });
});

describe('taxes and invoices', () => {
  it.each([
    ['Early Bird', NOW],
    ['normal price', DEFAULT_DEADLINE_MS],
  ])('the price card says the price is final, taxes included (%s)', async (_state, now) => {
    const { doc } = await page('/', SELLER, now);
    expect(textOf(doc.querySelector('.price-card .price-card__taxes'))).toBe('Precio final, impuestos incluidos.');
  });

  it('the terms say it too, and that the checkout adds no tax', async () => {
    const { text } = await page('/terminos');
    expect(text).toContain(
      'Precio final, impuestos incluidos. Los precios que publicamos son el total que pagas: la página de pago no te suma ningún impuesto.',
    );
  });

  it('the terms and the FAQ say how to ask for a CFDI: where, which data, and by the last day of the month of the payment', async () => {
    const DEADLINE = 'a más tardar el último día del mes en que pagaste';
    const DATA = [
      'tu RFC',
      'tu nombre o razón social, tal como aparece en tu Constancia de Situación Fiscal',
      'tu régimen fiscal',
      'el código postal de tu domicilio fiscal',
      'el uso que le darás al CFDI (por ejemplo, G03, gastos en general)',
    ];
    const terms = await page('/terminos');
    const section = [...terms.doc.querySelectorAll('main section')].find((candidate) => textOf(candidate.querySelector('h2')) === 'Factura (CFDI)');
    expect(textOf(section?.querySelector('p'))).toBe(
      `Si necesitas factura, escríbenos a ${SELLER.CONTACT_EMAIL} ${DEADLINE}, desde el correo con el que te inscribiste, con:`,
    );
    expect(section?.querySelector('p a')?.getAttribute('href')).toBe(`mailto:${SELLER.CONTACT_EMAIL}`);
    expect([...(section?.querySelectorAll('li') ?? [])].map(textOf)).toEqual(DATA);
    const landing = (await page('/')).doc;
    const item = [...landing.querySelectorAll('#faq details')].find((details) => textOf(details.querySelector('summary')) === '¿Puedo pedir factura (CFDI)?');
    const answer = textOf(item?.querySelector('.faq-item__answer'));
    expect(answer).toContain(`Escríbenos ${DEADLINE}, desde el correo con el que te inscribiste, a la dirección de contacto que está al pie de esta página`);
    expect(answer).toContain(`con ${DATA.slice(0, -1).join(', ')} y ${DATA.at(-1)}.`);
    // What the page points to is there: the footer gives the contact address.
    expect(landing.querySelector(`footer a[href="mailto:${SELLER.CONTACT_EMAIL}"]`)).not.toBeNull();
    expect([invoice.deadline, invoice.data]).toEqual([DEADLINE, DATA]);
  });
});

describe('where a buyer decides', () => {
  it('puts the terms, the refund policy and the privacy notice beside every pay button, linked', async () => {
    const { doc } = await page('/');
    const buttons = doc.querySelectorAll('a[data-checkout]');
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) {
      const consent = [...(button.parentElement?.querySelectorAll('p') ?? [])].find((p) => textOf(p).startsWith('Al inscribirte'));
      expect(textOf(consent)).toBe(CONSENT);
      expect([...(consent?.querySelectorAll('a') ?? [])].map((a) => [textOf(a), a.getAttribute('href')])).toEqual([
        ['términos', '/terminos'],
        ['política de reembolso', '/reembolsos'],
        ['aviso de privacidad', '/privacidad'],
      ]);
    }
  });

  it.each([
    ['Early Bird', NOW],
    ['normal price', DEFAULT_DEADLINE_MS],
  ])('says under the price (%s) that the charge is in US dollars, and the checkout may show local currency', async (_state, now) => {
    const { doc } = await page('/', SELLER, now);
    const card = doc.querySelector('.price-card');
    expect(textOf(card)).toContain('Precio en dólares estadounidenses (USD). La página de pago puede mostrarte el monto en tu moneda local.');
  });
});

describe('the footer in production', () => {
  const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS };

  it.each(['/', '/prompt1', ...LEGAL_PATHS])('%s has no link that goes nowhere, and no placeholder profile', async (path) => {
    const { doc } = await page(path, production, TEST_START_MS - 86_400_000);
    expect(doc.querySelectorAll('a:not([href]), a[href=""], a[href="#"]')).toHaveLength(0);
    const footer = textOf(doc.querySelector('footer'));
    expect(footer).not.toContain('Instagram');
    expect(footer).not.toContain('LinkedIn');
    expect(hrefOf(doc, 'Términos y condiciones', 'footer')).toBe('/terminos');
    expect(hrefOf(doc, 'Aviso de privacidad', 'footer')).toBe('/privacidad');
    expect(footer).not.toContain('Política de privacidad');
  });

  it('links the profiles that are set, and only those', async () => {
    const { doc } = await page('/', { ...production, INSTAGRAM_URL: 'https://www.instagram.com/marca' });
    expect(hrefOf(doc, 'Instagram', 'footer')).toBe('https://www.instagram.com/marca');
    expect(textOf(doc.querySelector('footer'))).not.toContain('LinkedIn');
  });
});
