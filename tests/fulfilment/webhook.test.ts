/**
 * POST /webhooks/stripe through the real app, against the Stripe stand-in (the official SDK on both sides of the
 * wire) and a real SMTP server: one confirmation per paid purchase, with the buyer's personal link, however many times
 * and to however many instances Stripe delivers, and a non-2xx whenever the work is not done, so Stripe delivers again.
 */
import http from 'node:http';
import type ICAL from 'ical.js';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';
import {
  accessUrlOf,
  asText,
  CITY_LINES,
  CONTACT_EMAIL,
  deliver,
  MEETING_URL,
  parsedMails,
  markAt,
  type Rig,
  START_IN_WORDS,
  signed,
  startRig,
  veventOf,
  waitForMails,
} from '../helpers/fulfilment';
import { type LogLine, WARN } from '../helpers/logs';
import { rawRequest } from '../helpers/rawHttp';
import { seriesValue } from '../helpers/seriesValue';

let rig: Rig;
const NOW = BEFORE_DEADLINE_MS;
/** Every log line of every app in this file: none may hold a session id, an address or the join link. */
const allLogs: LogLine[][] = [];

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});
beforeEach(() => {
  rig.smtp.received.length = 0;
  rig.smtp.setFault(null);
  rig.stripe.setFault(null);
  rig.stripe.checkout.setUpdateLatency(0);
});

/** One instance of the site: the real app with the stand-ins' settings, its logs kept for the final check. */
function instance({ now = NOW, smtpOptions }: { now?: number | (() => number); smtpOptions?: Record<string, number> } = {}) {
  const made = testApp({ now, env: rig.env(smtpOptions), withMetrics: true });
  allLogs.push(made.logs);
  return made;
}
const webhookLines = (logs: LogLine[]) => logs.filter((line) => line.event === 'stripe_webhook');
const markOf = (sessionId: string) => markAt(rig, sessionId, 'confirmation').status;

describe('a paid purchase', () => {
  it("sends one mail in Spanish to the buyer: first name, date and time with the year in each city of the content, the buyer's personal link (never the meeting's), what to prepare, the contact", async () => {
    const { app, logs } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { buyer: { name: 'Ana Sofía Ruiz', email: 'ana.ruiz@correo.example.org' } });
    const res = await deliver(app, signed(rig, 'checkout.session.completed', sessionId, NOW));
    expect(res.status).toBe(200);
    const [mail, ...others] = await parsedMails(rig);
    expect(others).toEqual([]);
    expect(rig.smtp.received[0]?.to).toEqual(['ana.ruiz@correo.example.org']);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('ana.ruiz@correo.example.org');
    expect(mail?.from?.text).toBe('"Valeria Montes" <taller@taller.example.org>');
    expect(mail?.replyTo?.text).toBe(CONTACT_EMAIL);
    expect(mail?.subject).toBe(confirmation.subject);
    const text = mail?.text ?? '';
    expect(text).toContain(confirmation.greeting('Ana'));
    expect(text).toContain(START_IN_WORDS);
    expect(text).toContain(CITY_LINES.join('\n'));
    expect(text).toContain(accessUrlOf(sessionId));
    expect(text).not.toContain(MEETING_URL);
    for (const item of confirmation.prepare) expect(text).toContain(item);
    expect(text).toContain(CONTACT_EMAIL);
    // The HTML part says the same, with the personal link as a link.
    expect(mail?.html).toContain(`href="${accessUrlOf(sessionId)}"`);
    expect(mail?.html).not.toContain(MEETING_URL);
    expect(mail?.html).toContain(confirmation.greeting('Ana'));
    expect(mail?.html).toContain('lang="es"');
    // Marked at Stripe, and one line in the log.
    expect(markOf(sessionId)).toBe('sent');
    expect(webhookLines(logs).map((line) => [line.level, line.outcome, line.status])).toEqual([[30, 'sent', 200]]);
  });

  it("attaches the invite: ical.js reads the personal link, alarms a day and an hour before, and the public calendar file's UID", async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    await deliver(app, signed(rig, 'checkout.session.completed', sessionId, NOW));
    const [mail] = await parsedMails(rig);
    const [invite, ...more] = mail?.attachments ?? [];
    expect(more).toEqual([]);
    expect(invite?.filename).toBe('taller-marca-autoridad.ics');
    expect(invite?.contentType).toBe('text/calendar');
    const event = veventOf(invite?.content.toString('utf8') ?? '');
    expect(event.getFirstPropertyValue('location')).toBe(accessUrlOf(sessionId));
    expect(event.getFirstPropertyValue('url')).toBe(accessUrlOf(sessionId));
    expect(String(event.getFirstPropertyValue('description'))).toContain(accessUrlOf(sessionId));
    expect(invite?.content.toString('utf8')).not.toContain(MEETING_URL);
    const triggers = event.getAllSubcomponents('valarm').map((alarm) => (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds());
    expect(triggers).toEqual([-86_400, -3_600]);
    const publicFile = await request(app).get('/taller-marca-autoridad.ics').buffer(true).parse(asText);
    expect(event.getFirstPropertyValue('uid')).toBe(veventOf(publicFile.body as string).getFirstPropertyValue('uid'));
    expect(event.getFirstPropertyValue('uid')).toMatch(/@taller\.example\.org$/);
    // The public file keeps the join link to itself.
    expect(publicFile.body as string).not.toContain(MEETING_URL);
  });
});

describe('one mail, whatever Stripe delivers', () => {
  it('the same event again, to the same instance and to another: answered 200, no second mail', async () => {
    const [a, b] = [instance(), instance()];
    const sessionId = rig.stripe.checkout.createSession('paid');
    const delivery = signed(rig, 'checkout.session.completed', sessionId, NOW);
    expect((await deliver(a.app, delivery)).status).toBe(200);
    expect((await deliver(a.app, delivery)).status).toBe(200);
    expect((await deliver(b.app, delivery)).status).toBe(200);
    expect(rig.smtp.received).toHaveLength(1);
    expect(webhookLines([...a.logs, ...b.logs]).map((line) => line.outcome)).toEqual(['sent', 'already_sent', 'already_sent']);
  });

  it.each([
    ['while the first claim is still being carried out (409 idempotency_key_in_use)', 50],
    ['after the first claim was carried out (400 idempotency_error: another claimant)', 0],
  ])('two instances at once, %s: one mail, and the one refused answers non-2xx until it is done', async (_when, latencyMs) => {
    rig.stripe.checkout.setUpdateLatency(latencyMs);
    const [a, b] = [instance(), instance()];
    const sessionId = rig.stripe.checkout.createSession('paid');
    const delivery = signed(rig, 'checkout.session.completed', sessionId, NOW);
    const statuses = (await Promise.all([deliver(a.app, delivery), deliver(b.app, delivery)])).map((res) => res.status);
    expect(statuses.sort()).toEqual([200, 409]);
    await waitForMails(rig, 1);
    expect(rig.smtp.received).toHaveLength(1);
    // Stripe delivers the refused one again: done by then, so 200 and still one mail.
    expect((await deliver(b.app, delivery)).status).toBe(200);
    expect(rig.smtp.received).toHaveLength(1);
    expect(rig.stripe.checkout.updates.filter((update) => update.metadata.taller_confirmation === 'sending' && update.session === sessionId)).toHaveLength(1);
  });

  it('a claim whose holder went silent (a crash between the claim and the mark, by the last release) is taken over once its lease has passed, not before', async () => {
    let now = NOW;
    const { app } = instance({ now: () => now });
    const sessionId = rig.stripe.checkout.createSession('paid');
    const delivery = () => signed(rig, 'checkout.session.completed', sessionId, now);
    // An instance of the last release claimed it, writing each part of its mark to a key of its own, and died: Stripe
    // keeps the claim, nobody sends.
    rig.stripe.setFault(null);
    await fetch(`${rig.stripe.url}/v1/checkout/sessions/${sessionId}`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer rk_test_fulfilmentstandinkey',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': `taller_confirmation-${sessionId}-1`,
      },
      body: new URLSearchParams({
        'metadata[taller_confirmation]': 'sending',
        'metadata[taller_confirmation_attempt]': '1',
        'metadata[taller_confirmation_claim]': 'a-crashed-instance',
        'metadata[taller_confirmation_at]': new Date(now).toISOString(),
      }),
    });
    now += 9 * 60_000;
    expect((await deliver(app, delivery())).status).toBe(409);
    expect(rig.smtp.received).toHaveLength(0);
    now += 2 * 60_000;
    expect((await deliver(app, delivery())).status).toBe(200);
    expect(rig.smtp.received).toHaveLength(1);
    expect(markAt(rig, sessionId, 'confirmation')).toMatchObject({ status: 'sent', attempt: 2 });
    // Its mark is now this release's: the last release's keys for it are gone.
    expect(
      Object.keys(rig.stripe.checkout.metadataOf(sessionId))
        .filter((key) => key.startsWith('taller_confirmation'))
        .sort(),
    ).toEqual(['taller_confirmation', 'taller_confirmation_mark']);
  });
});

describe('delayed payment', () => {
  it('a voucher: nothing when it is issued, the mail when it is paid', async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('voucher');
    expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, NOW))).status).toBe(200);
    expect(rig.smtp.received).toHaveLength(0);
    rig.stripe.checkout.payVoucher(sessionId);
    expect((await deliver(app, signed(rig, 'checkout.session.async_payment_succeeded', sessionId, NOW))).status).toBe(200);
    expect(rig.smtp.received).toHaveLength(1);
  });
});

describe('nothing to send', () => {
  it('another Payment Link, a session still open, and another event type: 200, no mail', async () => {
    const { app, logs } = instance();
    for (const kind of ['other_link', 'open'] as const) {
      const res = await deliver(app, signed(rig, 'checkout.session.completed', rig.stripe.checkout.createSession(kind), NOW));
      expect(res.status).toBe(200);
    }
    const expired = await deliver(app, signed(rig, 'checkout.session.expired', rig.stripe.checkout.createSession('paid'), NOW));
    expect(expired.status).toBe(200);
    expect(rig.smtp.received).toHaveLength(0);
    expect(webhookLines(logs).map((line) => line.outcome)).toEqual(['not_ours', 'not_ours', 'ignored']);
  });
});

describe('faults: a non-2xx and one warn line, and the next delivery sends the mail', () => {
  // Only the hang needs a short socket timeout, to end the silence the server keeps after the message; the refusal
  // keeps nodemailer's bounds as the site sets them, so a busy machine's slow greeting is never taken for it.
  it.each([
    ['the SMTP server refuses (451)', 'refuse', {}, /^smtp EMESSAGE reply 451/],
    ['the SMTP server times out', 'hang', { socketTimeout: 300 }, /^smtp ETIMEDOUT/],
  ] as const)('%s', async (_name, fault, smtpOptions, cause) => {
    const { app, logs } = instance({ smtpOptions });
    const sessionId = rig.stripe.checkout.createSession('paid');
    const delivery = signed(rig, 'checkout.session.completed', sessionId, NOW);
    rig.smtp.setFault(fault);
    const res = await deliver(app, delivery);
    expect(res.status).toBe(503);
    expect(rig.smtp.received).toHaveLength(0);
    const [line, ...more] = webhookLines(logs);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: WARN, outcome: 'mail_failed', status: 503 });
    expect(line?.cause).toMatch(cause);
    // Released at Stripe, so the next delivery need not wait for a lease.
    expect(markOf(sessionId)).toBe('failed');
    rig.smtp.setFault(null);
    // Stripe's next delivery, here to an instance with the site's own bounds (as the hang's short one could cut a
    // busy machine's send short).
    expect((await deliver(instance().app, delivery)).status).toBe(200);
    expect(rig.smtp.received).toHaveLength(1);
    expect(markOf(sessionId)).toBe('sent');
  });

  it.each([
    ['answers 500', 'server_error'],
    ['resets the connection', 'reset'],
  ] as const)('Stripe %s while the webhook verifies the session', async (_name, fault) => {
    const { app, logs } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    const delivery = signed(rig, 'checkout.session.completed', sessionId, NOW);
    rig.stripe.setFault(fault);
    expect((await deliver(app, delivery)).status).toBe(503);
    expect(rig.smtp.received).toHaveLength(0);
    const [line, ...more] = webhookLines(logs);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: WARN, outcome: 'stripe_unavailable', status: 503 });
    rig.stripe.setFault(null);
    expect((await deliver(app, delivery)).status).toBe(200);
    expect(rig.smtp.received).toHaveLength(1);
  });
});

describe('refused before anything is read', () => {
  const oneRefusal = (logs: LogLine[], outcome: string, status: number) => {
    const lines = webhookLines(logs);
    expect(lines.map((line) => [line.level, line.outcome, line.status])).toEqual([[WARN, outcome, status]]);
    expect(JSON.stringify(lines)).not.toMatch(/checkout\.session|cs_test_|evt_|correo/);
  };

  it('a signature made with another secret: 400, no mail', async () => {
    const { app, logs } = instance();
    const res = await deliver(app, signed(rig, 'checkout.session.completed', rig.stripe.checkout.createSession('paid'), NOW, 'whsec_someoneelsessecret000000'));
    expect(res.status).toBe(400);
    expect(rig.smtp.received).toHaveLength(0);
    oneRefusal(logs, 'bad_signature', 400);
  });

  it('an event replayed ten minutes after Stripe signed it: 400, no mail', async () => {
    const { app, logs } = instance();
    const res = await deliver(app, signed(rig, 'checkout.session.completed', rig.stripe.checkout.createSession('paid'), NOW - 10 * 60_000));
    expect(res.status).toBe(400);
    expect(rig.smtp.received).toHaveLength(0);
    oneRefusal(logs, 'stale', 400);
  });

  it('no signature: 400; a body changed after signing: 400', async () => {
    const { app, logs } = instance();
    const delivery = signed(rig, 'checkout.session.completed', rig.stripe.checkout.createSession('paid'), NOW);
    expect((await request(app).post('/webhooks/stripe').set('Content-Type', 'application/json').send(delivery.payload)).status).toBe(400);
    expect((await deliver(app, { ...delivery, payload: delivery.payload.replace('"paid"', '"unpaid"') })).status).toBe(400);
    expect(webhookLines(logs).map((line) => line.outcome)).toEqual(['no_signature', 'bad_signature']);
    expect(rig.smtp.received).toHaveLength(0);
  });

  it('a wrong content type: 415; a body over 256 KiB: 413; neither is read', async () => {
    const { app, logs } = instance();
    const delivery = signed(rig, 'checkout.session.completed', rig.stripe.checkout.createSession('paid'), NOW);
    const form = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'text/plain')
      .set('Stripe-Signature', delivery.signature)
      .send(delivery.payload);
    expect(form.status).toBe(415);
    const huge = await request(app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', delivery.signature)
      .send(`{"padding":"${'x'.repeat(300 * 1024)}"}`);
    expect(huge.status).toBe(413);
    expect(webhookLines(logs).map((line) => [line.outcome, line.status])).toEqual([
      ['unsupported_media_type', 415],
      ['too_large', 413],
    ]);
    expect(rig.smtp.received).toHaveLength(0);
  });

  it('a body declared over 256 KiB, no signature, or one not of Stripe’s shape: answered, and the connection closed, before a byte of the body is sent', async () => {
    const { app, logs } = instance();
    const { signature } = signed(rig, 'checkout.session.completed', rig.stripe.checkout.createSession('paid'), NOW);
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const cases: [string[], number][] = [
        [[`Stripe-Signature: ${signature}`, 'Content-Length: 300000'], 413],
        [['Content-Length: 2000'], 400],
        [['Stripe-Signature: t=1700000000,v1=not-hex', 'Content-Length: 2000'], 400],
      ];
      for (const [headers, status] of cases) {
        const head = ['POST /webhooks/stripe HTTP/1.1', 'Host: taller.example.org', 'Content-Type: application/json', ...headers].join('\r\n');
        const answer = await rawRequest(port, `${head}\r\n\r\n`);
        expect(answer.text.split('\r\n')[0], headers.join(', ')).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
        expect(answer.closedByServer).toBe(true);
      }
    } finally {
      server.close();
    }
    expect(webhookLines(logs).map((line) => [line.outcome, line.status])).toEqual([
      ['too_large', 413],
      ['no_signature', 400],
      ['bad_signature', 400],
    ]);
  });

  it('any method but POST: 405 with Allow: POST', async () => {
    const res = await request(instance().app).get('/webhooks/stripe');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('what the owner can count and read', () => {
  it('counts mails by kind and outcome, and webhook events by type and outcome', async () => {
    const { app, metrics } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    const delivery = signed(rig, 'checkout.session.completed', sessionId, NOW);
    await deliver(app, delivery);
    await deliver(app, delivery);
    await deliver(app, signed(rig, 'checkout.session.completed', sessionId, NOW, 'whsec_someoneelsessecret000000'));
    const text = (await metrics?.registry.metrics()) ?? '';
    expect(seriesValue(text, 'taller_mails_total{kind="confirmation",outcome="sent"}')).toBe(1);
    expect(seriesValue(text, 'taller_webhook_events_total{type="checkout.session.completed",outcome="sent"}')).toBe(1);
    expect(seriesValue(text, 'taller_webhook_events_total{type="checkout.session.completed",outcome="already_sent"}')).toBe(1);
    expect(seriesValue(text, 'taller_webhook_events_total{type="unverified",outcome="bad_signature"}')).toBe(1);
    expect(text).not.toMatch(/cs_test_|@correo|meet\.google/);
  });

  it("no log line of any instance in this file holds a session id, a buyer's address or the join link", () => {
    const text = JSON.stringify(allLogs.flat());
    expect(allLogs.flat().length).toBeGreaterThan(20);
    expect(text).not.toMatch(/cs_(test|live)_/);
    expect(text).not.toContain('correo.example.org');
    expect(text).not.toContain(MEETING_URL);
  });
});
