/**
 * Nothing lost: the sweep over the Payment Link's purchases, through the real app against the Stripe stand-in (which
 * keeps Stripe's idempotency rules, a 500 stored under a key included) and a real SMTP server. A confirmation no
 * webhook ever delivered, a purchase with nothing to pay, a claim that stalled either way, an address refused for good
 * and a login refused, a refund and a dispute: each ends as the buyer is owed, within one sweep, and once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { access } from '../../shared/content/accessPageWords';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { disputeEvent, refundEvent, signedEvent } from '../../scripts/lib/stripeCheckoutStandIn';
import { testApp, TEST_START_MS } from '../helpers/testApp';
import { accessPathOf, accessUrlOf, deliver, markAt, MEETING_URL, parsedMails, type Rig, signed, startRig, WEBHOOK_SECRET } from '../helpers/fulfilment';
import { ERROR, type LogLine, WARN } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';
import request from 'supertest';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The sweep's period (SWEEP_SECONDS' default). */
const PERIOD = MINUTE;

let rig: Rig;
let now = TEST_START_MS - 10 * DAY;
beforeEach(async () => {
  rig = await startRig();
  now = TEST_START_MS - 10 * DAY;
});
afterEach(async () => {
  await rig.close();
});

const instance = (smtpOptions?: Record<string, number>) => testApp({ now: () => now, env: rig.env(smtpOptions), withMetrics: true });
const mark = (sessionId: string) => markAt(rig, sessionId, 'confirmation');
const confirmations = async () => (await parsedMails(rig)).filter((mail) => mail.subject === confirmation.subject);
const mailLines = (logs: LogLine[]) => logs.filter((line) => line.event === 'mail').map((line) => [line.level, line.kind, line.outcome]);

describe('a confirmation no webhook ever delivered', () => {
  it('SMTP refuses for as long as Stripe redelivers in test mode; the deliveries stop; SMTP comes back: one mail within one sweep, with no new event', async () => {
    const { app, sweep } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    rig.smtp.setFault('refuse');
    // Test mode redelivers a few times over a few hours, then stops.
    for (const after of [0, 5 * MINUTE, 60 * MINUTE, 3 * 60 * MINUTE]) {
      const at = now + after;
      const saved = now;
      now = at;
      expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(503);
      now = saved;
    }
    now += 3 * 60 * MINUTE;
    rig.smtp.setFault(null);
    now += PERIOD;
    await sweep();
    const mails = await confirmations();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(accessUrlOf(sessionId));
    expect(mark(sessionId).status).toBe('sent');
    now += PERIOD;
    await sweep();
    expect(await confirmations()).toHaveLength(1);
  });
});

describe('a purchase with nothing to pay (a 100 % promotion code)', () => {
  it('gets its confirmation, its reminders and a personal link that works, marked on its session', async () => {
    const { app, sweep, logs } = instance();
    const sessionId = rig.stripe.checkout.createSession('free', { buyer: { name: 'Gala Ortiz', email: 'gala@correo.example.org' }, atMs: now });
    expect(rig.stripe.checkout.session(sessionId)?.payment_intent).toBeNull();
    expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(200);
    expect((await parsedMails(rig)).map((mail) => mail.subject)).toEqual([confirmation.subject]);
    now = TEST_START_MS - DAY;
    await sweep();
    now = TEST_START_MS - 60 * MINUTE;
    await sweep();
    expect((await parsedMails(rig)).map((mail) => mail.subject)).toEqual([
      confirmation.subject,
      reminderMails.dayBefore.subject,
      reminderMails.hourBefore.subject,
    ]);
    expect([mark(sessionId).status, markAt(rig, sessionId, 'hour_before').status]).toEqual(['sent', 'sent']);
    now = TEST_START_MS;
    const res = await request(app).get(accessPathOf(sessionId)).redirects(0);
    expect(res.headers.location).toBe(MEETING_URL);
    // The log names a free purchase by when it was made: it has no PaymentIntent, and its session id is a credential.
    expect(logs.filter((line) => line.event === 'mail').every((line) => typeof line.free_purchase_at === 'string')).toBe(true);
  });
});

describe('a claim that stalled', () => {
  it("Stripe stored a 500 under the claim's key: the next sweep, on another instance, finds the key spent and sends, once", async () => {
    const a = instance();
    const b = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    rig.stripe.checkout.failNextUpdate('stored_500');
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(503);
    expect(mark(sessionId).status).toBeNull();
    // Every redelivery of the first claim's request now gets Stripe's stored 500, and any other claim under its key a 400.
    now += PERIOD;
    await b.sweep();
    expect(await confirmations()).toHaveLength(1);
    expect(mark(sessionId)).toMatchObject({ status: 'sent', attempt: 2 });
    now += PERIOD;
    await a.sweep();
    await b.sweep();
    expect(await confirmations()).toHaveLength(1);
  });

  it("Stripe stored a 500 under the claim's key: Stripe's own redelivery, to another instance, sends too, once", async () => {
    const a = instance();
    const b = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    rig.stripe.checkout.failNextUpdate('stored_500');
    const delivery = signed(rig, 'checkout.session.completed', sessionId, now);
    expect((await deliver(a.app, delivery)).status).toBe(503);
    expect((await deliver(b.app, delivery)).status).toBe(200);
    expect((await deliver(a.app, delivery)).status).toBe(200);
    expect(await confirmations()).toHaveLength(1);
  });

  it('a claim carried out whose answer was lost: its instance knows it for its own at the next sweep and sends; another waits', async () => {
    const a = instance();
    const b = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    rig.stripe.checkout.failNextUpdate('drop_answer');
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(503);
    expect(mark(sessionId).status).toBe('sending');
    now += PERIOD;
    await b.sweep();
    expect(await confirmations()).toHaveLength(0);
    await a.sweep();
    expect(await confirmations()).toHaveLength(1);
    expect(mark(sessionId)).toMatchObject({ status: 'sent', attempt: 1 });
    now += PERIOD;
    await b.sweep();
    await a.sweep();
    expect(await confirmations()).toHaveLength(1);
  });

  it('a claim whose answer was lost, still unsent past its lease: its instance claims it afresh with the rest, so one mail goes', async () => {
    const a = instance();
    const b = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    rig.stripe.checkout.failNextUpdate('drop_answer');
    expect((await deliver(a.app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(503);
    expect(mark(sessionId).status).toBe('sending');
    // Past the lease, both sweep at once: each reads the claim before either writes.
    now += 11 * MINUTE;
    rig.stripe.checkout.setUpdateLatency(20);
    await Promise.all([a.sweep(), b.sweep()]);
    rig.stripe.checkout.setUpdateLatency(0);
    expect(await confirmations()).toHaveLength(1);
    expect(mark(sessionId)).toMatchObject({ status: 'sent', attempt: 2 });
  });
});

describe('the mail server refusing', () => {
  it('550 to the recipient: marked undeliverable, one error line naming the PaymentIntent (never the address), counted, never tried again', async () => {
    const { app, sweep, logs, metrics, raw } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { buyer: { name: 'Nadie', email: 'no-existe@correo.example.org' }, atMs: now });
    rig.smtp.setFault('reject_recipient');
    expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(200);
    expect(mark(sessionId).status).toBe('undeliverable');
    const paymentIntent = rig.stripe.checkout.paymentIntentOf(sessionId)?.id;
    const errors = logs.filter((line) => line.level >= ERROR);
    expect(errors).toEqual([expect.objectContaining({ event: 'mail', kind: 'confirmation', outcome: 'undeliverable', payment_intent: paymentIntent })]);
    expect(errors[0]?.cause).toMatch(/^smtp EENVELOPE reply 550 5\.1\.1 to RCPT TO$/);
    rig.smtp.setFault(null);
    for (const at of [now + PERIOD, TEST_START_MS - DAY, TEST_START_MS - 60 * MINUTE]) {
      now = at;
      await sweep();
    }
    expect(rig.smtp.received).toHaveLength(0);
    expect(logs.filter((line) => line.level >= ERROR)).toHaveLength(1);
    expect(raw.join('\n')).not.toContain('no-existe@');
    expect(seriesValue((await metrics?.registry.metrics()) ?? '', 'taller_mails_total{kind="confirmation",outcome="undeliverable"}')).toBe(1);
  });

  it('550 5.1.1 for one address among twelve: that purchase alone marked undeliverable, the rest sent over a few pooled connections', async () => {
    const { sweep, logs } = instance();
    const sessions = Array.from({ length: 12 }, (_, n) =>
      rig.stripe.checkout.createSession('paid', { buyer: { name: `Luz${n}`, email: `luz${n}@correo.example.org` }, atMs: now - n * MINUTE }),
    );
    rig.smtp.refuseAddress('luz5@correo.example.org');
    expect(await sweep()).toMatchObject({ completed: true, sent: 11, failed: 0 });
    expect(mark(sessions[5] as string).status).toBe('undeliverable');
    expect(sessions.filter((sessionId) => mark(sessionId).status === 'sent')).toHaveLength(11);
    expect(logs.filter((line) => line.level >= ERROR)).toEqual([
      expect.objectContaining({ outcome: 'undeliverable', cause: 'smtp EENVELOPE reply 550 5.1.1 to RCPT TO' }),
    ]);
    // A connection (a login) for several mails: as many as the sweep sends at once, not one a mail.
    expect(rig.smtp.connections).toBeLessThanOrEqual(4);
  });

  it('a relay refusing every recipient (554 5.7.1): nothing marked, the sweep stops its sending and counts it; once it relays, everything owed goes, once', async () => {
    const { sweep, logs, metrics } = instance();
    const sessions = Array.from({ length: 6 }, (_, n) =>
      rig.stripe.checkout.createSession('paid', { buyer: { name: `Sol${n}`, email: `sol${n}@correo.example.org` }, atMs: now - n * MINUTE }),
    );
    rig.smtp.setFault('deny_relay');
    const refused = await sweep();
    expect(refused).toMatchObject({ completed: false, sent: 0 });
    // No purchase begins after the first refusal: only those already on their way (the sweep sends four at once) fail.
    expect(refused.failed).toBeGreaterThanOrEqual(1);
    expect(refused.failed).toBeLessThanOrEqual(4);
    for (const sessionId of sessions) expect(mark(sessionId).status).not.toBe('undeliverable');
    expect(logs.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(logs.find((line) => line.outcome === 'mail_failed')).toMatchObject({ level: WARN, cause: 'smtp EENVELOPE reply 554 5.7.1 to RCPT TO' });
    expect(logs.find((line) => line.event === 'sweep')).toMatchObject({ level: WARN, completed: false });
    expect(seriesValue((await metrics?.registry.metrics()) ?? '', 'taller_mails_total{kind="confirmation",outcome="mail_failed"}')).toBe(refused.failed);
    rig.smtp.setFault(null);
    now += PERIOD;
    expect(await sweep()).toMatchObject({ completed: true, sent: 6 });
    now += PERIOD;
    await sweep();
    expect(await confirmations()).toHaveLength(6);
    for (const sessionId of sessions) expect(mark(sessionId).status).toBe('sent');
  });

  it('535 to the login (a revoked password): retried every sweep and counted; once it works, everything owed goes, once', async () => {
    const { sweep, logs, metrics } = instance();
    const sessions = [0, 1].map((n) =>
      rig.stripe.checkout.createSession('paid', { buyer: { name: `Ana${n}`, email: `ana${n}@correo.example.org` }, atMs: now }),
    );
    rig.smtp.setFault('refuse_login');
    now = TEST_START_MS - DAY - 2 * MINUTE;
    await sweep();
    now += PERIOD;
    await sweep();
    expect(rig.smtp.received).toHaveLength(0);
    expect(mailLines(logs).filter(([, , outcome]) => outcome === 'mail_failed').length).toBeGreaterThanOrEqual(2);
    expect(logs.find((line) => line.outcome === 'mail_failed')).toMatchObject({ level: WARN, cause: 'smtp EAUTH reply 535 5.7.8 to AUTH PLAIN' });
    expect(seriesValue((await metrics?.registry.metrics()) ?? '', 'taller_mails_total{kind="confirmation",outcome="mail_failed"}')).toBeGreaterThanOrEqual(2);
    rig.smtp.setFault(null);
    now = TEST_START_MS - DAY + MINUTE;
    await sweep();
    await sweep();
    const mails = await parsedMails(rig);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [confirmation.subject, confirmation.subject, reminderMails.dayBefore.subject, reminderMails.dayBefore.subject].sort(),
    );
    for (const sessionId of sessions) expect(mark(sessionId).status).toBe('sent');
  });
});

describe('a refund and a dispute', () => {
  it.each([
    ['charge.refunded', 'refund'],
    ['charge.dispute.created', 'dispute'],
  ] as const)(
    '%s at the webhook ends access at once, even where it was just remembered, and stops every later mail; the sweep sees it too',
    async (type, what) => {
      const { app, sweep, logs } = instance();
      const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
      expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, now))).status).toBe(200);
      now = TEST_START_MS - 2 * DAY;
      expect((await request(app).get(accessPathOf(sessionId))).status).toBe(200);
      const event = what === 'refund' ? refundEvent(rig.stripe.checkout.refund(sessionId)) : disputeEvent(rig.stripe.checkout.dispute(sessionId));
      expect((await deliver(app, signedEvent(event, WEBHOOK_SECRET, Math.floor(now / 1000)))).status).toBe(200);
      expect(logs.find((line) => line.event === 'stripe_webhook' && line.type === type)).toMatchObject({ outcome: 'ended', status: 200 });
      const res = await request(app).get(accessPathOf(sessionId));
      expect(res.status).toBe(403);
      expect(res.text).toContain(access.ended.heading);
      for (const at of [TEST_START_MS - DAY, TEST_START_MS - 60 * MINUTE]) {
        now = at;
        await sweep();
      }
      expect((await parsedMails(rig)).map((mail) => mail.subject)).toEqual([confirmation.subject]);
      // Another instance, which never heard the event, sees it at Stripe.
      now = TEST_START_MS;
      expect((await request(instance().app).get(accessPathOf(sessionId)).redirects(0)).status).toBe(403);
    },
  );

  it('a partial refund at the webhook keeps access', async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now });
    const event = refundEvent(rig.stripe.checkout.refund(sessionId, 1000));
    expect((await deliver(app, signedEvent(event, WEBHOOK_SECRET, Math.floor(now / 1000)))).status).toBe(200);
    now = TEST_START_MS;
    expect((await request(app).get(accessPathOf(sessionId)).redirects(0)).headers.location).toBe(MEETING_URL);
  });
});

describe('a sweep that cannot finish', () => {
  it('Stripe failing: stopped, one warn line, counted as stopped; the last completed sweep stays where it was', async () => {
    const { sweep, logs, metrics } = instance();
    rig.stripe.checkout.createSession('paid', { atMs: now });
    await sweep();
    const completedAt = seriesValue((await metrics?.registry.metrics()) ?? '', 'taller_sweep_last_completed_timestamp_seconds');
    rig.stripe.setFault('server_error');
    now += PERIOD;
    expect(await sweep()).toMatchObject({ completed: false });
    const text = (await metrics?.registry.metrics()) ?? '';
    expect(seriesValue(text, 'taller_sweeps_total{outcome="stopped"}')).toBe(1);
    expect(seriesValue(text, 'taller_sweep_last_completed_timestamp_seconds')).toBe(completedAt);
    expect(seriesValue(text, 'taller_sweep_interval_seconds')).toBe(60);
    expect(logs.filter((line) => line.event === 'sweep' && line.level === WARN)).toEqual([
      expect.objectContaining({ completed: false, cause: 'stripe HTTP 500' }),
    ]);
  });
});
