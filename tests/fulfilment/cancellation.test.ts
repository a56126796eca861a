/**
 * The owner cancels the workshop (WORKSHOP_CANCELLED=true) and restarts: the landing page says so and sells nothing,
 * each buyer gets one mail with an invite that removes the event, every card purchase is refunded in full once by the
 * site with the bonificación the terms promise, a cash payment is owed by bank transfer, a free place has nothing to
 * refund, a voucher never paid gets no mail; the personal link shows the cancellation and the refund's state; no
 * reminder or recording mail goes. Two instances and a restart, a redelivered event; a refund Stripe refuses is one
 * error line naming the PaymentIntent. The real app, the real SDK against the Stripe stand-in (its refunds under
 * Stripe's idempotency), a real SMTP server, mails read by mailparser, invites by ical.js.
 */
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessChanges } from '../../shared/content/accessPageWords';
import { cancellationMail } from '../../shared/content/cancellationMailWords';
import { hero, pricing } from '../../shared/content/landingPageWords';
import { refundMail } from '../../shared/content/refundMailWords';
import { sellerCancellation } from '../../shared/content/salePromises';
import { thanks } from '../../shared/content/thanksPageWords';
import { isoInWorkshopZone, workshopSchedule } from '../../shared/logic/schedule';
import { asRead, parseHtml, textOf } from '../helpers/html';
import { ERROR } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import {
  accessPathOf,
  deliver,
  inviteOf,
  MATERIALS,
  parsedMails,
  type Rig,
  signed,
  startRig,
  addressOf,
  confirmedPurchase,
  type TestClock,
} from '../helpers/fulfilment';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const EDITION = 'otono-2025';
const CANCELLED = { WORKSHOP_CANCELLED: 'true' };
const WHEN = workshopSchedule(TEST_START_MS).fullLabel;

let rig: Rig;
let now = 0;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

const instance = (env: Record<string, string> = {}) =>
  testApp({ now: () => now, env: { ...rig.env(), EDITION, WORKSHOP_START: isoInWorkshopZone(TEST_START_MS), ...env }, withMetrics: true });
type Instance = ReturnType<typeof instance>;

const clock: TestClock = {
  read: () => now,
  set: (ms) => {
    now = ms;
  },
};
/** A purchase confirmed as the webhook confirms it: by card, free, or paid in cash at OXXO. */
const confirmed = (app: Instance['app'], atMs: number, kind: 'paid' | 'free' | 'cash' = 'paid') => confirmedPurchase(rig, app, clock, atMs, { kind });

const cancellations = async (): Promise<ParsedMail[]> => (await parsedMails(rig)).filter((mail) => mail.subject === cancellationMail.subject(WHEN));
const intentOf = (sessionId: string): string => rig.stripe.checkout.paymentIntentOf(sessionId)?.id ?? '';
const chargeOf = (sessionId: string): string => {
  const intent = rig.stripe.checkout.session(sessionId)?.payment_intent;
  const charge = typeof intent === 'object' && intent ? intent.latest_charge : null;
  return typeof charge === 'object' && charge ? charge.id : '';
};

describe('WORKSHOP_CANCELLED=true', () => {
  it('across two instances, a redelivery and a restart: one mail each that removes the event, one refund per card purchase, none for a free one, the bonificación asked for', async () => {
    const before = instance();
    const cards = [await confirmed(before.app, TEST_START_MS - 20 * DAY), await confirmed(before.app, TEST_START_MS - 12 * DAY)];
    const free = await confirmed(before.app, TEST_START_MS - 11 * DAY, 'free');
    const cash = await confirmed(before.app, TEST_START_MS - 10 * DAY, 'cash');
    const unpaid = rig.stripe.checkout.createSession('voucher', { atMs: TEST_START_MS - 9 * DAY });
    const confirmationUid = String(inviteOf((await parsedMails(rig))[0]).event.getFirstPropertyValue('uid'));

    // The owner cancels; two instances start with it and sweep at once; Stripe delivers an event again; one restarts.
    now = TEST_START_MS - 5 * DAY;
    const [a, b] = [instance(CANCELLED), instance(CANCELLED)];
    await Promise.all([a.sweep(), b.sweep()]);
    expect((await deliver(b.app, signed(rig, 'checkout.session.completed', cards[0]?.sessionId ?? '', now))).status).toBe(200);
    const restarted = instance(CANCELLED);
    await restarted.sweep();
    await a.sweep();

    // One refund per card purchase, in full, under a key per purchase and reason; none for the free one, none asked of
    // Stripe for the cash one.
    expect(rig.stripe.checkout.refunds.refunds.map(({ refund, idempotencyKey }) => [refund.payment_intent, refund.amount, idempotencyKey]).sort()).toEqual(
      cards.map(({ sessionId }) => [intentOf(sessionId), 4900, `taller_refund-${intentOf(sessionId)}-cancelled-1`]).sort(),
    );

    // One mail each, a voucher never paid aside: the date cancelled, the money, the bonificación, the event removed.
    const mails = await cancellations();
    expect(mails.map(addressOf).sort()).toEqual([...cards, free, cash].map((buyer) => buyer.email).sort());
    expect((await parsedMails(rig)).filter((mail) => mail.subject !== cancellationMail.subject(WHEN)).map((mail) => mail.subject)).toHaveLength(4);
    const to = (email: string) => mails.find((mail) => addressOf(mail) === email);
    for (const card of cards) {
      const mail = to(card.email);
      for (const line of [
        cancellationMail.refundAmount('49 USD'),
        refundMail.byCard,
        sellerCancellation.amount('9.80 USD'),
        sellerCancellation.payment,
        sellerCancellation.clabeRequest,
        refundMail.calendarRemoved,
        WHEN,
      ])
        expect(mail?.text).toContain(line);
      expect(mail?.messageId).toContain('-20251008-2000-');
    }
    expect(to(cash.email)?.text).toContain(refundMail.byTransfer);
    expect(to(cash.email)?.text).toContain(sellerCancellation.amount('9.80 USD'));
    expect(to(free.email)?.text).toContain(refundMail.nothingPaid);
    expect(to(free.email)?.text).not.toContain(sellerCancellation.payment);
    for (const mail of mails) {
      const { mimeMethod, calendar, event } = inviteOf(mail);
      expect([mimeMethod, calendar.getFirstPropertyValue('method'), event.getFirstPropertyValue('status')]).toEqual(['CANCEL', 'CANCEL', 'CANCELLED']);
      expect(event.getFirstPropertyValue('uid')).toBe(confirmationUid);
      expect(Number(event.getFirstPropertyValue('sequence'))).toBeGreaterThan(0);
      expect(String(event.getFirstPropertyValue('attendee'))).toBe(`mailto:${addressOf(mail)}`);
      expect(event.getAllSubcomponents('valarm')).toEqual([]);
    }
    expect(rig.stripe.checkout.metadataOf(unpaid)).toEqual({});

    // The owner is asked for each bonificación once: the two cards and the cash payment.
    const lines = [a, b, restarted].flatMap((app) => app.logs);
    expect(
      lines
        .filter((line) => line.event === 'bonification')
        .map((line) => line.payment_intent)
        .sort(),
    ).toEqual([...cards, cash].map(({ sessionId }) => intentOf(sessionId)).sort());
    expect(lines.filter((line) => line.event === 'refund' && line.outcome === 'refunded')).toHaveLength(2);

    // Nothing more: no reminder, no recording mail.
    now = TEST_START_MS - DAY;
    await a.sweep();
    now = TEST_START_MS + DAY;
    await instance({ ...CANCELLED, ...MATERIALS }).sweep();
    expect(rig.smtp.received).toHaveLength(8);
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(2);

    // The personal link says it was cancelled and how the money comes back; /gracias tells a voucher not to pay.
    const page = await request(a.app).get(accessPathOf(cards[0]?.sessionId ?? ''));
    expect(page.status).toBe(200);
    const main = textOf(parseHtml(page.text).querySelector('main'));
    expect(textOf(parseHtml(page.text).querySelector('h1'))).toBe(accessChanges.cancelled.heading(cards[0]?.firstName ?? null));
    expect(main).toContain(refundMail.byCard);
    expect(main).toContain(asRead(sellerCancellation.amount('9.80 USD')));
    expect(main).toContain(sellerCancellation.clabeByMail);
    const voucher = await request(a.app).get(`/gracias?session_id=${unpaid}`);
    expect(voucher.status).toBe(200);
    expect(textOf(parseHtml(voucher.text).querySelector('main'))).toContain(thanks.cancelled.unpaid);
  });

  it('the landing page says it was cancelled and sells nothing; its JSON-LD says EventCancelled, with no offer', async () => {
    now = TEST_START_MS - 20 * DAY;
    const checkoutUrl = 'https://buy.stripe.com/test_cancelado';
    const { app } = instance({ ...CANCELLED, CHECKOUT_URL: checkoutUrl });
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    const doc = parseHtml(res.text);
    expect(textOf(doc.querySelector('.hero .badge'))).toBe(hero.cancelledBadge);
    expect(textOf(doc.querySelector('#precios .price-card__status'))).toBe(pricing.cancelledLabel);
    expect(textOf(doc.querySelector('#precios .price-card__text'))).toBe(
      `${pricing.cancelledTextPrefix} ${workshopSchedule(TEST_START_MS).dateLabel}. ${pricing.cancelledText}`,
    );
    expect(res.text).not.toContain(checkoutUrl);
    expect(doc.querySelector('[data-checkout]')).toBeNull();
    expect(doc.querySelector('#detalles a[download]')).toBeNull();
    const jsonLd = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as Record<string, unknown>;
    expect(jsonLd.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(jsonLd.offers).toBeUndefined();
    expect(doc.querySelector('template')).toBeNull();
  });

  it('a refund Stripe refuses: one error line naming the PaymentIntent, counted for the alert; the buyer is told it is in process', async () => {
    const before = instance();
    const card = await confirmed(before.app, TEST_START_MS - 20 * DAY);
    rig.stripe.checkout.refunds.expireForRefund(chargeOf(card.sessionId));
    now = TEST_START_MS - 5 * DAY;
    const a = instance(CANCELLED);
    await a.sweep();
    await a.sweep();
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
    expect(a.logs.filter((line) => line.level >= ERROR)).toEqual([
      expect.objectContaining({ event: 'refund', reason: 'cancelled', outcome: 'refused', payment_intent: intentOf(card.sessionId) }),
    ]);
    expect(a.logs.find((line) => line.level >= ERROR)?.cause).toContain('charge_expired_for_refund');
    expect(seriesValue((await a.metrics?.registry.metrics()) ?? '', 'taller_refunds_total{reason="cancelled",outcome="refused"}')).toBe(2);
    const [mail, ...more] = await cancellations();
    expect(more).toEqual([]);
    expect(mail?.text).toContain(refundMail.processing);
    expect(JSON.stringify(a.logs)).not.toContain(card.email);
  });
});
