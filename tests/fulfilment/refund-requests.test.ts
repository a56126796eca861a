/**
 * What a press of the refund's button costs (docs/decisions/0030-a-refund-confirmed-by-mail.md): the refund after a new
 * date reads Stripe within a budget of its own, never the personal links', and not at all for a purchase the instance
 * knows (its sweep listed it); it is refused before any read once no refund can be open (the new start has come, the
 * edition was cancelled) or once the purchase had its mails this hour; and its mails to one purchase are a few an hour.
 * The real app, the real SDK against the Stripe stand-in (which counts every call), a real SMTP server.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_READS, REFUND_READS } from '../../server/fulfilment/fulfilmentRoutes';
import { refundProof } from '../../server/fulfilment/pages/accessToken';
import { accessChanges } from '../../shared/content/accessPageWords';
import { refundLinkMail } from '../../shared/content/refundLinkMailWords';
import { isoInWorkshopZone } from '../../shared/logic/schedule';
import { parseHtml, textOf } from '../helpers/html';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import { ACCESS_SECRET, accessPathOf, mailedRefundLink, markConfirmedFor, parsedMails, type Rig, startRig } from '../helpers/fulfilment';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EDITION = 'otono-2025';
const FIRST = TEST_START_MS;
/** The owner moved the workshop a week later; it is two days before the first date. */
const MOVED = FIRST + 7 * DAY;

let rig: Rig;
let now = FIRST - 2 * DAY;
beforeEach(async () => {
  rig = await startRig();
  now = FIRST - 2 * DAY;
});
afterEach(async () => {
  await rig.close();
});

const instance = (env: Record<string, string> = {}) =>
  testApp({ now: () => now, env: { ...rig.env(), EDITION, WORKSHOP_START: isoInWorkshopZone(MOVED), ...env } });
type Instance = ReturnType<typeof instance>;

let made = 0;
/** A card purchase confirmed for the first date, unknown to any instance until one sweeps. */
async function movedPurchase(): Promise<{ sessionId: string; email: string; firstName: string }> {
  made += 1;
  const [email, firstName] = [`compradora${made}@correo.example.org`, `Compradora${made}`];
  const sessionId = rig.stripe.checkout.createSession('paid', { atMs: FIRST - 20 * DAY, buyer: { name: `${firstName} Prueba`, email } });
  await markConfirmedFor(rig, sessionId, FIRST);
  return { sessionId, email, firstName };
}

/** The refund step's POST, as its form sends it, with the proof the step holds for the start in force. */
const ask = (app: Instance['app'], sessionId: string) =>
  request(app)
    .post(`${accessPathOf(sessionId)}/reembolso`)
    .type('form')
    .send({ confirmacion: refundProof(ACCESS_SECRET, sessionId, MOVED) });
const headingOf = (html: string): string => textOf(parseHtml(html).querySelector('h1'));
/** Stripe's reads of one session, or of every session, from `from` on. */
const readsOf = (from: number, sessionId = '') =>
  rig.stripe.calls.slice(from).filter((call) => call.method === 'GET' && call.path.startsWith(`/v1/checkout/sessions/${sessionId}`));
const linkMailsTo = async (email: string) =>
  (await parsedMails(rig)).filter((mail) => mail.subject === refundLinkMail.subject && mail.to && 'text' in mail.to && mail.to.text === email);

describe("the refund's reads at Stripe", () => {
  it("a flood of refund requests spends the refund's own budget, and leaves the personal links' untouched", async () => {
    const app = instance();
    const flood = await Promise.all(Array.from({ length: 12 }, movedPurchase));
    const buyers = await Promise.all(Array.from({ length: ACCESS_READS.atOnce }, movedPurchase));
    const from = rig.stripe.calls.length;
    // Each purchase's step and its request, none known to the instance, on a clock that stands still: no budget refills.
    const answers = [];
    for (const { sessionId } of flood)
      answers.push((await request(app.app).get(`${accessPathOf(sessionId)}/reembolso`)).status, (await ask(app.app, sessionId)).status);
    expect(readsOf(from)).toHaveLength(REFUND_READS.atOnce);
    expect(answers.filter((status) => status === 503).length).toBeGreaterThan(0);
    // Every buyer the instance does not know still opens their personal link, each with a read of the personal links' own.
    for (const { sessionId } of buyers) expect((await request(app.app).get(accessPathOf(sessionId))).status).toBe(200);
    expect(readsOf(from)).toHaveLength(REFUND_READS.atOnce + ACCESS_READS.atOnce);
  });

  it('costs no read for a purchase the instance knows: the step, the mail, the mailed link and its refund', async () => {
    const app = instance();
    const buyer = await movedPurchase();
    await app.sweep();
    const from = rig.stripe.calls.length;
    expect((await request(app.app).get(`${accessPathOf(buyer.sessionId)}/reembolso`)).status).toBe(200);
    expect((await ask(app.app, buyer.sessionId)).status).toBe(200);
    expect(rig.stripe.calls.slice(from)).toEqual([]);
    const link = (await mailedRefundLink(rig, buyer.email)) ?? '';
    expect((await request(app.app).get(link)).status).toBe(200);
    expect((await request(app.app).post(link).type('form').send({ confirmar: 'si' })).status).toBe(200);
    await app.refundsSettled();
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(1);
    expect(readsOf(from, buyer.sessionId)).toEqual([]);
  });

  it('is refused before any read once no refund can be open: the new start has come, or the edition was cancelled', async () => {
    const buyer = await movedPurchase();
    const from = rig.stripe.calls.length;
    now = MOVED + MINUTE;
    expect((await ask(instance().app, buyer.sessionId)).status).toBe(403);
    expect((await request(instance().app).get(`${accessPathOf(buyer.sessionId)}/reembolso`)).status).toBe(403);
    now = FIRST - 2 * DAY;
    expect((await ask(instance({ WORKSHOP_CANCELLED: 'true' }).app, buyer.sessionId)).status).toBe(403);
    expect(rig.stripe.calls.slice(from)).toEqual([]);
    expect(await linkMailsTo(buyer.email)).toEqual([]);
  });
});

describe("the refund's mails to one purchase", () => {
  it('are a few an hour: past them, a 429 that asks nothing of Stripe and sends nothing; an hour on, another goes', async () => {
    const app = instance();
    const buyer = await movedPurchase();
    const statuses = [];
    for (let press = 0; press < 3; press += 1) statuses.push((await ask(app.app, buyer.sessionId)).status);
    expect(statuses).toEqual([200, 200, 200]);
    expect(await linkMailsTo(buyer.email)).toHaveLength(3);
    // Past the minute the instance remembers the purchase: a fourth press within the hour reads nothing, sends nothing.
    now += 2 * MINUTE;
    const from = rig.stripe.calls.length;
    const fourth = await ask(app.app, buyer.sessionId);
    expect([fourth.status, fourth.headers['retry-after']]).toEqual([429, '3600']);
    expect(rig.stripe.calls.slice(from)).toEqual([]);
    expect(await linkMailsTo(buyer.email)).toHaveLength(3);
    now += HOUR;
    expect((await ask(app.app, buyer.sessionId)).status).toBe(200);
    expect(await linkMailsTo(buyer.email)).toHaveLength(4);
  });
});

describe('the mailed link', () => {
  it('holds for an hour and once: used, it says the refund is done; past its hour, a clear 410 that moves nothing', async () => {
    const app = instance();
    const [used, unused] = [await movedPurchase(), await movedPurchase()];
    await app.sweep();
    for (const { sessionId } of [used, unused]) expect((await ask(app.app, sessionId)).status).toBe(200);
    const [usedLink = '', unusedLink = ''] = [await mailedRefundLink(rig, used.email), await mailedRefundLink(rig, unused.email)];
    const confirm = (link: string) => request(app.app).post(link).type('form').send({ confirmar: 'si' });

    now += HOUR - MINUTE;
    const first = await confirm(usedLink);
    expect([first.status, headingOf(first.text)]).toEqual([200, accessChanges.started.heading(used.firstName)]);
    await app.refundsSettled();
    const again = await confirm(usedLink);
    expect([again.status, headingOf(again.text)]).toEqual([200, accessChanges.withdrawn.heading(used.firstName)]);
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(1);

    // The hour is up: neither its page nor its button moves anything, and both say to ask for another.
    now += MINUTE;
    const from = rig.stripe.calls.length;
    for (const answer of [await request(app.app).get(unusedLink), await confirm(unusedLink)]) {
      expect([answer.status, headingOf(answer.text)]).toEqual([410, accessChanges.linkSpent.heading]);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(rig.stripe.calls.slice(from)).toEqual([]);
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(1);
  });

  it('a forged code, an odd method, a form from elsewhere: a clear answer each, and nothing asked of Stripe', async () => {
    const app = instance();
    const buyer = await movedPurchase();
    await app.sweep();
    expect((await ask(app.app, buyer.sessionId)).status).toBe(200);
    const link = (await mailedRefundLink(rig, buyer.email)) ?? '';
    const from = rig.stripe.calls.length;
    const base = `${accessPathOf(buyer.sessionId)}/reembolso`;
    for (const forged of [`${base}/no-es-un-codigo`, `${base}/${'a'.repeat(400)}`, '/acceso/xyz/reembolso/1.abc']) {
      const answer = await request(app.app).get(forged);
      expect([answer.status, answer.type, headingOf(answer.text)]).toEqual([404, 'text/html', expect.any(String)]);
    }
    // Shaped as a code, signed by no one: the same page as a link past its hour, whatever its instant.
    const unsigned = await request(app.app).get(`${base}/zzzzzz.${'A'.repeat(22)}`);
    expect([unsigned.status, headingOf(unsigned.text)]).toEqual([410, accessChanges.linkSpent.heading]);
    // A path that is not even an address: the site's one plain 400.
    expect((await request(app.app).get(`${base}/%E0%A4%A`)).status).toBe(400);
    const put = await request(app.app).put(link);
    expect([put.status, put.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
    expect((await request(app.app).post(link).type('json').send({ confirmar: 'si' })).status).toBe(403);
    expect((await request(app.app).post(link).type('form').set('Origin', 'https://otro-sitio.example.org').send({ confirmar: 'si' })).status).toBe(403);
    expect(rig.stripe.calls.slice(from)).toEqual([]);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
  });
});
