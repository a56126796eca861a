/**
 * Payments that arrive when the workshop can no longer be joined: a checkout completed after the end (one opened
 * before the links closed) is refunded in full at Stripe, once, with one mail saying why; a voucher credited after the
 * end, which Stripe cannot refund, is owed by bank transfer, and its mail asks for the account; one completed between
 * the start and the end is confirmed and can join. Two instances of the real app, the real SDK against the Stripe
 * stand-in (its refunds under Stripe's idempotency), a real SMTP server, mails read by mailparser.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refundEvent, signedEvent } from '../../scripts/lib/stripeCheckoutStandIn';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { refundMail } from '../../shared/content/refundMailWords';
import { latePayment } from '../../shared/content/salePromises';
import { workshop } from '../../shared/content/siteFacts';
import { thanks } from '../../shared/content/thanksPageWords';
import { journeyTimeline } from '../../shared/logic/journey';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import { accessPathOf, deliver, MEETING_URL, parsedMails, type Rig, signed, startRig, WEBHOOK_SECRET } from '../helpers/fulfilment';
import { parseHtml, textOf } from '../helpers/html';
import { ERROR, WARN } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';

const { endMs } = journeyTimeline(TEST_START_MS);
const MINUTE = 60_000;

let rig: Rig;
let now = endMs;
beforeEach(async () => {
  rig = await startRig();
  now = endMs;
});
afterEach(async () => {
  await rig.close();
});

const instance = () => testApp({ now: () => now, env: rig.env(), withMetrics: true });
const refundCalls = () => rig.stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds');
const mailsOf = async () => (await parsedMails(rig)).map((mail) => ({ subject: mail.subject, text: mail.text ?? '' }));

describe('a checkout completed after the end', () => {
  it('is refunded in full at Stripe once, with one mail saying why; a second instance, a redelivery, the refund event and both sweeps change nothing', async () => {
    const a = instance();
    const b = instance();
    now = endMs + 5 * MINUTE;
    const session = rig.stripe.checkout.createSession('paid', { atMs: endMs + MINUTE });
    const paymentIntent = rig.stripe.checkout.paymentIntentOf(session)?.id ?? '';

    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(200);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([
      expect.objectContaining({
        idempotencyKey: `taller_refund-${paymentIntent}-after_end-1`,
        refund: expect.objectContaining({ amount: 4900, payment_intent: paymentIntent }),
      }),
    ]);
    expect(rig.stripe.checkout.session(session)?.payment_intent).toMatchObject({ latest_charge: { refunded: true } });
    expect(rig.stripe.checkout.metadataOf(session)).toMatchObject({ taller_refund: 'after_end', taller_refund_mail: 'sent' });
    const mails = await mailsOf();
    expect(mails.map((mail) => mail.subject)).toEqual([refundMail.subject]);
    expect(mails[0]?.text).toContain(refundMail.reasons.after_end);
    expect(mails[0]?.text).toContain(refundMail.byCard);
    expect(mails[0]?.text).not.toContain('/acceso/');

    expect((await deliver(b.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(200);
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(200);
    const charge = rig.stripe.checkout.session(session)?.payment_intent;
    const refunded = typeof charge === 'object' && charge && typeof charge.latest_charge === 'object' ? charge.latest_charge : null;
    if (!refunded) throw new Error('no charge');
    expect((await deliver(b.app, signedEvent(refundEvent(refunded), WEBHOOK_SECRET, Math.floor(now / 1000)))).status).toBe(200);
    await a.sweep();
    await b.sweep();
    expect(refundCalls()).toHaveLength(1);
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(1);
    expect(rig.smtp.received).toHaveLength(1);

    const lines = [...a.logs, ...b.logs].filter((line) => line.event === 'refund');
    expect(lines).toEqual([expect.objectContaining({ outcome: 'refunded', reason: 'after_end', payment_intent: paymentIntent, via: 'webhook' })]);
    expect(seriesValue((await a.metrics?.registry.metrics()) ?? '', 'taller_refunds_total{reason="after_end",outcome="refunded"}')).toBe(1);

    // The buyer's page says what happened; the personal link opens nothing.
    const page = await request(a.app).get(`/gracias?session_id=${session}`);
    expect(page.status).toBe(200);
    expect(textOf(parseHtml(page.text).querySelector('h1'))).toBe(thanks.late.heading);
    expect((await request(b.app).get(accessPathOf(session))).status).toBe(403);
  });

  it('a refund Stripe failed and stored under its key (a 500): 503, and the next turn refunds under the next key, once', async () => {
    const a = instance();
    now = endMs + 5 * MINUTE;
    const session = rig.stripe.checkout.createSession('paid', { atMs: endMs + MINUTE });
    rig.stripe.checkout.refunds.failNext('stored_500');
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(503);
    expect(rig.smtp.received).toHaveLength(0);
    await a.sweep();
    expect(rig.stripe.checkout.refunds.refunds.map((refund) => refund.idempotencyKey?.endsWith('-2'))).toEqual([true]);
    expect((await mailsOf()).map((mail) => mail.subject)).toEqual([refundMail.subject]);
  });

  it('a key without Refunds: Write: one error line naming the permission, however many turns, no mail; once given, the sweep refunds and mails', async () => {
    const a = instance();
    now = endMs + 5 * MINUTE;
    const session = rig.stripe.checkout.createSession('paid', { atMs: endMs + MINUTE });
    rig.stripe.checkout.refunds.refuse(true);
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(503);
    await a.sweep();
    await a.sweep();
    expect(a.logs.filter((line) => line.level >= ERROR)).toEqual([
      expect.objectContaining({
        event: 'refund',
        outcome: 'refused',
        msg: 'the key may not refund: give it Refunds: Write (docs/fulfilment.md); tried again at the next turn',
      }),
    ]);
    expect(rig.smtp.received).toHaveLength(0);
    rig.stripe.checkout.refunds.refuse(false);
    await a.sweep();
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(1);
    expect((await mailsOf()).map((mail) => mail.subject)).toEqual([refundMail.subject]);
  });
});

describe('a checkout completed between the start and the end', () => {
  it('is confirmed, and its personal link leads into the live session', async () => {
    const a = instance();
    now = TEST_START_MS + 20 * MINUTE;
    const session = rig.stripe.checkout.createSession('paid', { atMs: TEST_START_MS + 10 * MINUTE });
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', session, now))).status).toBe(200);
    expect((await mailsOf()).map((mail) => mail.subject)).toEqual([confirmation.subject]);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
    const visit = await request(a.app).get(accessPathOf(session));
    expect(visit.status).toBe(303);
    expect(visit.headers.location).toBe(MEETING_URL);
  });
});

describe('a voucher credited late', () => {
  it('after the start, before the end: confirmed, and the buyer can join', async () => {
    const a = instance();
    const voucher = rig.stripe.checkout.createSession('voucher', { atMs: TEST_START_MS - 3 * 86_400_000 });
    rig.stripe.checkout.payVoucher(voucher, TEST_START_MS + 30 * MINUTE);
    now = TEST_START_MS + 31 * MINUTE;
    expect((await deliver(a.app, signed(rig, 'checkout.session.async_payment_succeeded', voucher, now))).status).toBe(200);
    expect((await mailsOf()).map((mail) => mail.subject)).toEqual([confirmation.subject]);
    expect((await request(a.app).get(accessPathOf(voucher))).status).toBe(303);
  });

  it('after the end: owed by bank transfer, never asked of Stripe (which cannot refund cash); one mail asking for the account; one warn line for the owner', async () => {
    const a = instance();
    const b = instance();
    const voucher = rig.stripe.checkout.createSession('voucher', { atMs: TEST_START_MS - 3 * 86_400_000 });
    rig.stripe.checkout.payVoucher(voucher, endMs + 60 * MINUTE);
    now = endMs + 61 * MINUTE;
    expect((await deliver(a.app, signed(rig, 'checkout.session.async_payment_succeeded', voucher, now))).status).toBe(200);
    expect((await deliver(b.app, signed(rig, 'checkout.session.async_payment_succeeded', voucher, now))).status).toBe(200);
    await b.sweep();
    expect(refundCalls()).toEqual([]);
    const mails = await mailsOf();
    expect(mails.map((mail) => mail.subject)).toEqual([refundMail.subject]);
    expect(mails[0]?.text).toContain(refundMail.byTransfer);
    expect(rig.stripe.checkout.metadataOf(voucher)).toMatchObject({ taller_refund: 'after_end', taller_refund_mail: 'sent' });
    const paymentIntent = rig.stripe.checkout.paymentIntentOf(voucher)?.id;
    expect([...a.logs, ...b.logs].filter((line) => line.event === 'refund')).toEqual([
      expect.objectContaining({ level: WARN, outcome: 'by_transfer', payment_intent: paymentIntent }),
    ]);
  });

  it('the page while it waits and the terms say what happens to a payment credited late, and from when the checkout takes cards only', async () => {
    const a = instance();
    now = TEST_START_MS - 10 * 86_400_000;
    const voucher = rig.stripe.checkout.createSession('voucher', { atMs: now });
    const pending = await request(a.app).get(`/gracias?session_id=${voucher}`);
    expect(textOf(parseHtml(pending.text).querySelector('main'))).toContain(latePayment.lateVoucher);
    const terms = textOf(parseHtml((await request(a.app).get('/terminos')).text).querySelector('main'));
    expect(terms).toContain(latePayment.lateVoucher);
    expect(terms).toContain(latePayment.afterEnd);
    expect(terms).toContain(`${latePayment.cardsOnlyFrom} miércoles 1 de octubre de 2025, 12:00 a. m. ${workshop.zoneLabel}.`);
  });
});
