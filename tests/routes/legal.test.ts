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
import { faq, pricing } from '../../shared/content/landingPageWords';
import { consentLine, type LegalFacts, legalTexts } from '../../shared/content/legalTexts';
import { invoice, refundPromise, voucherExpiry, voucherRefund } from '../../shared/content/salePromises';
import { prices, workshop } from '../../shared/content/siteFacts';
import { DEFAULT_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';
import { passagesOf, passagesOn } from '../helpers/legalPassages';

const SELLER = {
  SELLER_NAME: 'Ana Torres Ejemplo',
  SELLER_ADDRESS: 'Av. Ejemplo 123, Col. Roma Norte, 06700 Ciudad de México, México',
  SELLER_PHONE: '+52 55 1234 5678',
  TRAINER_NAME: 'Lucía Ramírez Ejemplo',
  CONTACT_EMAIL: 'hola@mi-taller.mx',
  // The seed's deadline with the tests' start a week after it: the Early Bird ends at its deadline.
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
const PATHS = { terms: '/terminos', refunds: '/reembolsos', privacy: '/privacidad' };
/** Each page's text in shared/content/legalTexts.ts. */
const TEXTS = { '/terminos': legalTexts.terms, '/reembolsos': legalTexts.refunds, '/privacidad': legalTexts.privacy } as const;
/**
 * What the pages must be given with SELLER and the tests' dates (the start Wednesday 8 October 2025, the seed's
 * deadline): the names as set, each date as a visitor reads it in Mexico City.
 */
const FACTS: LegalFacts = {
  seller: {
    name: SELLER.SELLER_NAME,
    address: SELLER.SELLER_ADDRESS,
    email: SELLER.CONTACT_EMAIL,
    phone: { text: SELLER.SELLER_PHONE, href: 'tel:+525512345678' },
  },
  trainerName: SELLER.TRAINER_NAME,
  earlyBirdPesos: null,
  normalCheckout: false,
  normalPesos: null,
  // Without the Stripe settings the site cannot change its links: no date from which they take cards only.
  cardsOnlyFrom: null,
  workshopDate: `miércoles 8 de octubre de 2025, 8:00 p. m. ${workshop.zoneLabel}`,
  earlyBirdEnd: `martes 30 de septiembre de 2025, 11:59 p. m. ${workshop.zoneLabel}`,
  // The seventh calendar day after the workshop's date.
  refundDeadline: `miércoles 15 de octubre de 2025, 11:59 p. m. ${workshop.zoneLabel}`,
  automaticMail: false,
  paths: PATHS,
};

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

describe("each page's text", () => {
  it.each(LEGAL_PATHS)('%s shows every paragraph and item of its text in the content, in order, with the settings and dates', async (path) => {
    expect(passagesOn((await page(path)).doc)).toEqual(passagesOf(TEXTS[path](FACTS)));
  });

  it.each(LEGAL_PATHS)('%s shows the version for mails the site sends itself where the mail settings are set', async (path) => {
    // With the Stripe settings, the links take cards only from a week before the start (docs/pricing.md).
    const cardsOnlyFrom = `miércoles 1 de octubre de 2025, 12:00 a. m. ${workshop.zoneLabel}`;
    expect(passagesOn((await page(path, { ...SELLER, ...FULFILMENT })).doc)).toEqual(passagesOf(TEXTS[path]({ ...FACTS, automaticMail: true, cardsOnlyFrom })));
  });

  it.each(LEGAL_PATHS)('%s leaves the phone out where none is set', async (path) => {
    const { doc, text } = await page(path, { ...SELLER, SELLER_PHONE: '' });
    expect(passagesOn(doc)).toEqual(passagesOf(TEXTS[path]({ ...FACTS, seller: { ...FACTS.seller, phone: null } })));
    expect(text).not.toContain('llámanos');
    expect(doc.querySelector('a[href^="tel:"]')).toBeNull();
  });
});

describe('the terms', () => {
  it('say who sells, what is bought, its price and currency, and how access is delivered', async () => {
    const { doc, text } = await page('/terminos');
    const seller = [...doc.querySelectorAll('main p')].map(textOf).find((passage) => passage.includes(SELLER.TRAINER_NAME));
    for (const fact of [SELLER.SELLER_NAME, SELLER.SELLER_ADDRESS]) expect(seller).toContain(fact);
    expect(text).toContain('miércoles 8 de octubre de 2025, 8:00 p. m.');
    for (const item of pricing.includes) expect(text).toContain(item);
    expect(text).toContain(`durante ${workshop.recordingDays} días después del taller`);
    expect(text).toContain(`${prices.normal} ${prices.currency} por persona`);
    expect(hrefOf(doc, 'política de reembolso')).toBe('/reembolsos');
    expect(hrefOf(doc, 'aviso de privacidad')).toBe('/privacidad');
  });

  it('say what becomes of a voucher not paid in time: its place goes back to the Early Bird where the site gives it back, and nowhere else is that promised', async () => {
    const passage = (doc: Document) => [...doc.querySelectorAll('main li')].map(textOf).find((item) => item.includes(voucherExpiry.lapse));
    expect(passage((await page('/terminos', { ...SELLER, ...FULFILMENT })).doc)?.endsWith(`${voucherExpiry.lapse} ${voucherExpiry.placeBack}`)).toBe(true);
    // Without the fulfilment nothing gives the place back by itself: the terms say only what the buyer loses.
    const manual = passage((await page('/terminos')).doc);
    expect(manual?.endsWith(voucherExpiry.lapse)).toBe(true);
    expect(manual).not.toContain(voucherExpiry.placeBack);
  });

  it("state the Early Bird's conditions: the price, the end in words with its year and zone, the spots the checkout counts", async () => {
    const { text } = await page('/terminos');
    expect(text).toContain(`${prices.earlyBird} USD en lugar de ${prices.normal} USD (ahorras ${prices.saving} USD)`);
    expect(text).toContain('Termina el martes 30 de septiembre de 2025, 11:59 p. m.');
    expect(text).toContain(`Hay ${prices.earlyBirdSpots} lugares con este precio`);
    // A start before the deadline ends the offer: the terms say the start, as the price card does.
    const early = await page('/terminos', { ...SELLER, WORKSHOP_START: '2025-09-20T20:00:00-06:00' });
    expect(early.text).toContain('Termina el sábado 20 de septiembre de 2025, 8:00 p. m.');
  });

  it('cover a change of date or a cancellation, intellectual property and complaints, PROFECO included', async () => {
    const { doc, text } = await page('/terminos');
    expect(text).toContain(`pertenecen a ${SELLER.SELLER_NAME}`);
    expect(text).toContain('Procuraduría Federal del Consumidor (PROFECO)');
    expect(hrefOf(doc, 'gob.mx/profeco')).toBe('https://www.gob.mx/profeco');
    expect(doc.querySelector('main a[href="tel:+525512345678"]')).not.toBeNull();
  });
});

describe('the one refund promise', () => {
  /** The guarantee as the brief wrote it, which the site keeps letter for letter: a change to it is a change to this test. */
  const GUARANTEE = 'Si al terminar el taller todavía no tienes claridad sobre tu estrategia, te regalo una sesión de seguimiento sin costo.';

  it('is the same on the price card, in the FAQ and on the refund page', async () => {
    const landing = (await page('/')).doc;
    expect(textOf(landing.querySelector('.guarantee p:last-child'))).toBe(GUARANTEE);
    const answer = [...landing.querySelectorAll('#faq details')].find(
      (item) => textOf(item.querySelector('summary')) === '¿Y si el taller no es lo que esperaba?',
    );
    expect(textOf(answer?.querySelector('.faq-item__answer'))).toBe(`${GUARANTEE} ${refundPromise.moneyBack}`);
    const refunds = await page('/reembolsos');
    const paragraphs = [...refunds.doc.querySelectorAll('main p')].map(textOf);
    expect(paragraphs).toContain(GUARANTEE);
    expect(paragraphs).toContain(refundPromise.moneyBack);
    // The content is where the words live, and the window is its one fact.
    expect([pricing.guarantee, refundPromise.clarity]).toEqual([GUARANTEE, GUARANTEE]);
    expect(refundPromise.moneyBack).toContain(`${refundPromise.windowDays} días naturales`);
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

  it("gives this edition's last day to ask, and within how long the money comes back", async () => {
    // The tests' start is Wednesday 8 October 2025: the seventh calendar day after it is Wednesday the 15th.
    const { text } = await page('/reembolsos');
    expect(text).toContain('hasta el miércoles 15 de octubre de 2025, 11:59 p. m.');
    expect(text).toContain(`a más tardar ${refundPromise.issueDays} días hábiles después de tu correo`);
  });
});

describe('the privacy notice', () => {
  it('names who is responsible, who receives the data, the ARCO rights and where to exercise them', async () => {
    const { doc, text } = await page('/privacidad');
    const responsible = [...doc.querySelectorAll('main p')].map(textOf).find((passage) => passage.includes('es responsable'));
    for (const fact of [SELLER.SELLER_NAME, SELLER.SELLER_ADDRESS]) expect(responsible).toContain(fact);
    expect(text).toContain('Stripe, que procesa tu pago');
    for (const right of ['(acceso)', '(rectificación)', '(cancelación)', '(oposición)']) expect(text).toContain(right);
    expect(text).toContain(`escríbenos a ${SELLER.CONTACT_EMAIL}`);
    expect(hrefOf(doc, 'aviso de privacidad')).toBe('https://stripe.com/privacy');
  });

  it('names how long the other buyers keep the recording, and the authority by name', async () => {
    const { text } = await page('/privacidad');
    expect(text).toContain(`reciben la grabación durante ${workshop.recordingDays} días`);
    expect(text).toContain('Secretaría Anticorrupción y Buen Gobierno');
  });

  it('is true that the site sets no cookie, on any page it serves', async () => {
    const { app } = testApp({ env: SELLER, now: NOW });
    for (const path of ['/', '/prompt1', ...LEGAL_PATHS, '/taller-marca-autoridad.ics', '/no-existe']) {
      expect((await request(app).get(path)).headers['set-cookie'], path).toBeUndefined();
    }
  });
});

/**
 * What the law prescribes when the seller does not deliver (LFPC arts. 92 and 92 ter): the refund and a bonificación
 * of at least 20 %, in these words, letter for letter: a change to them is a change to this test.
 */
const SELLER_CANCELLATION =
  'Si cancelamos el taller, o cambiamos su fecha y la nueva no te funciona, te devolvemos el 100 % de lo que pagaste y, además, te pagamos una bonificación del 20 % de ese monto, como establecen los artículos 92 y 92 ter de la Ley Federal de Protección al Consumidor.';

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
      expect(found, path).toEqual([voucherRefund]);
    }
  });
});

describe('taxes and invoices', () => {
  it.each([
    ['Early Bird', NOW],
    ['normal price', DEFAULT_DEADLINE_MS],
  ])('the price card says the price is final, taxes included (%s)', async (_state, now) => {
    const { doc } = await page('/', SELLER, now);
    expect(textOf(doc.querySelector('.price-card .price-card__taxes'))).toBe(pricing.taxesIncluded);
  });

  it('the terms say it too', async () => {
    expect((await page('/terminos')).text).toContain(pricing.taxesIncluded);
  });

  it('the terms and the FAQ say how to ask for a CFDI: where, which data, and by the last day of the month of the payment', async () => {
    const terms = await page('/terminos');
    const section = [...terms.doc.querySelectorAll('main section')].find((candidate) => textOf(candidate.querySelector('h2')) === 'Factura (CFDI)');
    const ask = textOf(section?.querySelector('p'));
    for (const fact of [SELLER.CONTACT_EMAIL, invoice.deadline]) expect(ask).toContain(fact);
    expect(section?.querySelector('p a')?.getAttribute('href')).toBe(`mailto:${SELLER.CONTACT_EMAIL}`);
    expect([...(section?.querySelectorAll('li') ?? [])].map(textOf)).toEqual(invoice.data);
    const landing = (await page('/')).doc;
    const item = [...landing.querySelectorAll('#faq details')].find((details) => textOf(details.querySelector('summary')) === invoice.question);
    const answer = textOf(item?.querySelector('.faq-item__answer'));
    expect(answer).toBe(faq.items.find((candidate) => candidate.question === invoice.question)?.answer);
    expect(answer).toContain(invoice.deadline);
    expect(answer).toContain(`con ${invoice.data.slice(0, -1).join(', ')} y ${invoice.data.at(-1)}.`);
    // What the answer points to is there: the footer gives the contact address.
    expect(landing.querySelector(`footer a[href="mailto:${SELLER.CONTACT_EMAIL}"]`)).not.toBeNull();
  });
});

describe('where a buyer decides', () => {
  it('puts the terms, the refund policy and the privacy notice beside every pay button, linked', async () => {
    const { doc } = await page('/');
    const buttons = doc.querySelectorAll('a[data-checkout]');
    expect(buttons.length).toBeGreaterThan(0);
    const line = consentLine(PATHS);
    const [opening] = line;
    for (const button of buttons) {
      const consent = [...(button.parentElement?.querySelectorAll('p') ?? [])].find((p) => textOf(p).startsWith(String(opening).trim()));
      expect(textOf(consent)).toBe(line.map((part) => (typeof part === 'string' ? part : part.text)).join(''));
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
    expect(textOf(doc.querySelector('.price-card'))).toContain(pricing.currencyNote);
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
