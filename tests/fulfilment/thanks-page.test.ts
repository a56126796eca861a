/**
 * /gracias?session_id=cs_… (the Payment Link's redirect) and its invite, through the real app against the Stripe
 * stand-in: the session's shape checked before any call, each state Stripe can report, the budget of reads and the
 * memory of recent sessions, and an address that no cache, referrer, crawler or log line keeps.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { faq } from '../../shared/content/landingPageWords';
import { voucherExpiry } from '../../shared/content/salePromises';
import { thanks } from '../../shared/content/thanksPageWords';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';
import { THANKS_READS } from '../../server/fulfilment/fulfilmentRoutes';
import { accessUrlOf, asText, CITY_ROWS, CONTACT_EMAIL, MEETING_URL, type Rig, START_IN_WORDS, startRig, veventOf } from '../helpers/fulfilment';
import { waitUntil, within } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { parseHtml, textOf } from '../helpers/html';
import type { LogLine } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';

let rig: Rig;
const allLogs: LogLine[][] = [];
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});
beforeEach(() => {
  rig.stripe.setFault(null);
});

function instance(now: number | (() => number) = BEFORE_DEADLINE_MS) {
  const made = testApp({ now, env: rig.env(), withMetrics: true });
  allLogs.push(made.logs);
  return made;
}
/** Mails to one address: a page's send runs on after its answer, so a test counts only its own buyer's. */
const mailsTo = (email: string) => rig.smtp.received.filter((mail) => mail.to.includes(email));
/** Reads of sessions at Stripe (the marks a page's mail writes are not reads), of one session or of all. */
const sessionReads = (sessionId = '') =>
  rig.stripe.calls.filter((call) => call.method === 'GET' && call.path.startsWith(`/v1/checkout/sessions/${sessionId}`)).length;
const visit = (app: Parameters<typeof request>[0], sessionId: string) => request(app).get(`/gracias?session_id=${sessionId}`);

describe('/gracias for a paid purchase from our link', () => {
  it("shows the confirmation as the mail gives it, with the buyer's personal link, the invite and Google Calendar carrying it, never the meeting's link", async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { buyer: { name: 'María José', email: 'mj@correo.example.org' } });
    const res = await visit(app, sessionId);
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect(textOf(doc.querySelector('h1'))).toBe(thanks.paid.heading('María'));
    expect(textOf(doc.querySelector('main'))).toContain(START_IN_WORDS);
    expect([...doc.querySelectorAll('.thanks__cities li')].map(textOf)).toEqual(CITY_ROWS);
    expect(doc.querySelector(`a[href="${accessUrlOf(sessionId)}"]`)?.textContent).toContain(confirmation.joinCta);
    const google = new URL(doc.querySelector('a[href^="https://calendar.google.com/"]')?.getAttribute('href') ?? '');
    expect(google.searchParams.get('location')).toBe(accessUrlOf(sessionId));
    expect(google.searchParams.get('details')).toContain(accessUrlOf(sessionId));
    expect(res.text).not.toContain(MEETING_URL);
    const ics = doc.querySelector(`a[download="${confirmation.icsFileName}"]`)?.getAttribute('href') ?? '';
    expect(ics).toBe(`/gracias/invitacion.ics?session_id=${sessionId}`);
    for (const item of [...confirmation.next, ...confirmation.prepare]) expect(textOf(doc.querySelector('main'))).toContain(item);
    expect(doc.querySelector(`a[href="mailto:${CONTACT_EMAIL}"]`)).not.toBeNull();
    // Nothing of the buyer but the first name.
    expect(res.text).not.toContain('mj@correo.example.org');
  });

  it('is private: no-store, no referrer, noindex, and no script at all', async () => {
    const res = await visit(instance().app, rig.stripe.checkout.createSession('paid'));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const doc = parseHtml(res.text);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('makes sure the confirmation goes out too (the webhook may be late), and a reload asks Stripe nothing', async () => {
    const { app, logs } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { buyer: { name: 'Lucía', email: 'lucia@correo.example.org' } });
    const before = sessionReads(sessionId);
    await visit(app, sessionId);
    const sentLine = () => logs.filter((line) => line.event === 'mail').map((line) => [line.via, line.kind, line.outcome]);
    await waitUntil("the page's confirmation sent", () => sentLine().length > 0, WAIT_BOUND_MS, 10);
    expect(sentLine()).toEqual([['page', 'confirmation', 'sent']]);
    expect((await visit(app, sessionId)).status).toBe(200);
    const invite = await request(app).get(`/gracias/invitacion.ics?session_id=${sessionId}`).buffer(true).parse(asText);
    expect(sessionReads(sessionId) - before).toBe(1);
    expect(mailsTo('lucia@correo.example.org')).toHaveLength(1);
    expect(invite.status).toBe(200);
    expect(invite.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(invite.headers['cache-control']).toBe('private, no-store');
    const event = veventOf(invite.body as string);
    expect(event.getFirstPropertyValue('location')).toBe(accessUrlOf(sessionId));
    expect(invite.body as string).not.toContain(MEETING_URL);
    expect(event.getAllSubcomponents('valarm')).toHaveLength(2);
  });
});

describe('/gracias in the other states', () => {
  it('a voucher or transfer not yet paid: what to do, that the mail comes once paid, and no join link', async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('voucher', { buyer: { name: 'Paz', email: 'paz@correo.example.org' } });
    const res = await visit(app, sessionId);
    expect(res.status).toBe(200);
    expect(textOf(parseHtml(res.text).querySelector('h1'))).toBe(thanks.pending.heading);
    expect(res.text).toContain(thanks.pending.steps[2]);
    expect(res.text).not.toContain(MEETING_URL);
    expect((await request(app).get(`/gracias/invitacion.ics?session_id=${sessionId}`)).status).toBe(404);
    expect(mailsTo('paz@correo.example.org')).toHaveLength(0);
  });

  it('a voucher that expired unpaid: nothing charged, the place no longer held, how to buy again; no join link, no invite, no mail', async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('voucher', { buyer: { name: 'Sol', email: 'sol@correo.example.org' } });
    expect(textOf(parseHtml((await visit(app, sessionId)).text).querySelector('main'))).toContain(voucherExpiry.lapse);
    rig.stripe.checkout.expireVoucher(sessionId);
    // Another instance, which has not remembered the voucher as pending.
    const res = await visit(instance().app, sessionId);
    expect(res.status).toBe(200);
    const main = parseHtml(res.text).querySelector('main');
    expect(textOf(main?.querySelector('h1'))).toBe(thanks.expired.heading);
    expect(textOf(main)).toContain(thanks.expired.lead);
    expect(textOf(main)).not.toContain(thanks.pending.heading);
    expect(main?.querySelector(`a[href="mailto:${CONTACT_EMAIL}"]`)).not.toBeNull();
    expect(res.text).not.toContain(MEETING_URL);
    expect((await request(app).get(`/gracias/invitacion.ics?session_id=${sessionId}`)).status).toBe(404);
    expect(mailsTo('sol@correo.example.org')).toHaveLength(0);
  });

  it.each(['other_link', 'open', 'unknown'] as const)('%s: 404, the purchase could not be found, the contact address, no join link', async (kind) => {
    const sessionId = kind === 'unknown' ? 'cs_test_a1B2c3D4e5F6g7H8i9J0unknown' : rig.stripe.checkout.createSession(kind);
    const res = await visit(instance().app, sessionId);
    expect(res.status).toBe(404);
    const doc = parseHtml(res.text);
    expect(textOf(doc.querySelector('h1'))).toBe(thanks.notFound.heading);
    expect(doc.querySelector(`a[href="mailto:${CONTACT_EMAIL}"]`)).not.toBeNull();
    expect(res.text).not.toContain(MEETING_URL);
    expect(res.text).not.toContain(sessionId);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it.each([
    '',
    '?session_id=',
    '?session_id=cs_test_short',
    '?session_id=pi_123456789012345',
    '?session_id=cs_test_abc%27%3Cscript%3E1234567',
    '?session_id=cs_test_aaaaaaaaaaaa&session_id=cs_test_bbbbbbbbbbbb',
  ])('a session id of the wrong shape (%s): 404 without a call to Stripe', async (query) => {
    const before = rig.stripe.calls.length;
    const res = await request(instance().app).get(`/gracias${query}`);
    expect(res.status).toBe(404);
    expect(textOf(parseHtml(res.text).querySelector('h1'))).toBe(thanks.notFound.heading);
    expect(rig.stripe.calls.length).toBe(before);
  });

  it.each([
    ['answers 500', 'server_error'],
    ['resets the connection', 'reset'],
    ['rate-limits the account (429)', 'rate_limited'],
  ] as const)('Stripe %s: 503 with Retry-After, try again in a minute, no stack trace', async (_name, fault) => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    rig.stripe.setFault(fault);
    const res = await visit(app, sessionId);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(textOf(parseHtml(res.text).querySelector('h1'))).toBe(thanks.unavailable.heading);
    expect(res.text).not.toMatch(/Error|at .*\.ts|Stripe|cs_test_/);
    // Nothing remembered from a failure: once Stripe answers, so does the page.
    rig.stripe.setFault(null);
    expect((await visit(app, sessionId)).status).toBe(200);
  });

  it('Stripe slow past the deadline: 503 within it', async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    rig.stripe.setFault('hang');
    // At the deadline, however busy the machine: never the wait for ever that an unbounded call would make.
    const res = await within('the page to answer at its deadline while Stripe hangs', Promise.resolve(visit(app, sessionId)));
    expect(res.status).toBe(503);
  });
});

describe('the budget of reads', () => {
  it("a flood of made-up ids spends the page's reads at once, then its refill; beyond it a 503 without a call", async () => {
    let now = BEFORE_DEADLINE_MS;
    const { app, metrics } = instance(() => now);
    const before = sessionReads();
    const made = (n: number) => `cs_test_madeup${String(n).padStart(12, '0')}`;
    const { atOnce, perSecond } = THANKS_READS;
    const statuses: number[] = [];
    for (let n = 0; n < atOnce + 2; n += 1) statuses.push((await visit(app, made(n))).status);
    expect(statuses).toEqual([...Array(atOnce).fill(404), 503, 503]);
    expect(sessionReads() - before).toBe(atOnce);
    // The same made-up id again is remembered, not asked.
    expect((await visit(app, made(0))).status).toBe(404);
    now += 2_000;
    const refill = Math.floor(2 * perSecond);
    const later: number[] = [];
    for (let n = 0; n <= refill; n += 1) later.push((await visit(app, made(100 + n))).status);
    expect(later).toEqual([...Array(refill).fill(404), 503]);
    expect(sessionReads() - before).toBe(atOnce + refill);
    const text = (await metrics?.registry.metrics()) ?? '';
    expect(seriesValue(text, 'taller_thanks_lookups_total{outcome="not_found",source="stripe"}')).toBe(atOnce + refill);
    expect(seriesValue(text, 'taller_thanks_lookups_total{outcome="not_found",source="memory"}')).toBe(1);
    expect(seriesValue(text, 'taller_thanks_lookups_total{outcome="over_budget",source="none"}')).toBe(3);
  });
});

describe('kept from crawlers, and from the site without its settings', () => {
  it('is out of the sitemap and disallowed in robots.txt, with its invite and the webhook', async () => {
    const { app } = instance();
    const robots = await request(app).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /gracias\n');
    expect(robots.text).toContain('Disallow: /gracias/invitacion.ics\n');
    expect(robots.text).toContain('Disallow: /webhooks/stripe\n');
    expect(robots.text).toContain('Disallow: /acceso/\n');
    expect((await request(app).get('/sitemap.xml')).text).not.toContain('gracias');
  });

  it('the FAQ says the site sends the mails and the personal link; without the settings it says what the owner does, and there is no /gracias', async () => {
    const item = faq.items.find((entry) => entry.question === '¿Cómo recibo el enlace de acceso?');
    const answer = (html: string) =>
      textOf(
        [...parseHtml(html).querySelectorAll('details.faq-item')]
          .find((details) => details.textContent?.includes(item?.question ?? ''))
          ?.querySelector('.faq-item__answer'),
      );
    expect(answer((await request(instance().app).get('/')).text)).toBe(item && 'automaticAnswer' in item ? item.automaticAnswer : '');
    const plain = testApp({ env: { CONTACT_EMAIL } }).app;
    expect(answer((await request(plain).get('/')).text)).toBe(item?.answer);
    expect((await request(plain).get(`/gracias?session_id=${rig.stripe.checkout.createSession('paid')}`)).status).toBe(404);
    expect((await request(plain).post('/webhooks/stripe').send({})).status).toBe(404);
    expect((await request(plain).get('/acceso/cs_test_a1B2c3D4e5F6g7H8i9J0.AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('no log line in this file holds a session id, an address or the join link, however the parameter is spelt', async () => {
    const { app, logs } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    await request(app).get(`/gracias?session%5Fid=${sessionId}`);
    await request(app).get(`/gracias?session_id=${sessionId.replace('cs_', 'cs%5F')}`);
    await request(app).get(`/no-existe/${sessionId}`);
    expect(logs.filter((line) => line.event === 'request').map((line) => line.path)).toEqual([
      '/gracias?session%5Fid=[redacted]',
      '/gracias?session_id=[redacted]',
      '/no-existe/[redacted]',
    ]);
    const text = JSON.stringify(allLogs.flat());
    expect(text).not.toMatch(/cs_(test|live)_|cs%5F/i);
    expect(text).not.toContain('correo.example.org');
    expect(text).not.toContain(MEETING_URL);
  });
});
