/**
 * A new date after the sale: the owner moves WORKSHOP_START under the same EDITION and restarts. Each buyer with a
 * confirmation gets one mail naming the new date, with an invite that updates the event they have (the same UID, a
 * higher SEQUENCE, METHOD:REQUEST in the body and the MIME type), read by ical.js; the reminders follow the new moment
 * under new Message-IDs; the personal link shows the new date, and offers the refund the terms promise, asked for on
 * it and confirmed from the link it mails to the purchase's address, made once, from any number of presses and
 * instances, until the new start. Two instances of the real
 * app, the real SDK against the Stripe stand-in (its refunds under Stripe's idempotency), a real SMTP server, mails
 * read by mailparser.
 */
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessChanges } from '../../shared/content/accessPageWords';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { dateChangeMail } from '../../shared/content/dateChangeMailWords';
import { refundLinkMail } from '../../shared/content/refundLinkMailWords';
import { refundMail } from '../../shared/content/refundMailWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { refundByMail, sellerCancellation, voucherRefund } from '../../shared/content/salePromises';
import { workshop } from '../../shared/content/siteFacts';
import { dateTimeLabel, isoInWorkshopZone, workshopSchedule } from '../../shared/logic/schedule';
import { asRead, parseHtml, textOf } from '../helpers/html';
import { WARN } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import { readRecord } from '../../server/fulfilment/records/purchaseRecord';
import {
  accessPathOf,
  asText,
  inviteOf,
  KEY,
  parsedMails,
  PUBLIC_URL,
  type Rig,
  startRig,
  veventOf,
  addressOf,
  confirmedPurchase,
  mailedRefundLink,
  type TestClock,
} from '../helpers/fulfilment';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EDITION = 'otono-2025';
const FIRST = TEST_START_MS;
/** The owner moves the workshop a week later. */
const MOVED = FIRST + 7 * DAY;

let rig: Rig;
let now = 0;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

/** An instance of the site with the workshop at `startMs`, under the same edition: a restart with a new WORKSHOP_START. */
const instance = (startMs: number, env: Record<string, string> = {}) =>
  testApp({ now: () => now, env: { ...rig.env(), EDITION, WORKSHOP_START: isoInWorkshopZone(startMs), ...env }, withMetrics: true });
type Instance = ReturnType<typeof instance>;

const clock: TestClock = {
  read: () => now,
  set: (ms) => {
    now = ms;
  },
};
/** A purchase paid at `atMs`, confirmed as the webhook confirms it. */
const confirmed = (app: Instance['app'], atMs: number, kind: 'paid' | 'free' | 'cash' = 'paid') => confirmedPurchase(rig, app, clock, atMs, { kind });

const mailsWith = async (subject: string): Promise<ParsedMail[]> => (await parsedMails(rig)).filter((mail) => mail.subject === subject);
const mailsTo = async (email: string): Promise<ParsedMail[]> => (await parsedMails(rig)).filter((mail) => addressOf(mail) === email);
const movedSubject = (startMs: number): string => dateChangeMail.subject(workshopSchedule(startMs).fullLabel);
/** The start in a Message-ID, as every mail that names a date carries it. */
const stampOf = (startMs: number): string => isoInWorkshopZone(startMs).slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
const sequenceOf = (mail: ParsedMail | undefined): number => Number(inviteOf(mail).event.getFirstPropertyValue('sequence'));
const uidOf = (mail: ParsedMail | undefined): string => String(inviteOf(mail).event.getFirstPropertyValue('uid'));
const startOf = (mail: ParsedMail | undefined): number =>
  (inviteOf(mail).event.getFirstPropertyValue('dtstart') as unknown as { toJSDate(): Date }).toJSDate().getTime();

describe('a new date', () => {
  it('after the day-before reminder: one mail each naming it, with an invite that updates the event; then the reminder for the new moment, under a new Message-ID', async () => {
    const before = instance(FIRST);
    const bought = [await confirmed(before.app, FIRST - 20 * DAY), await confirmed(before.app, FIRST - 15 * DAY), await confirmed(before.app, FIRST - 3 * DAY)];
    now = FIRST - DAY;
    await before.sweep();
    const oldReminders = await mailsWith(reminderMails.dayBefore.subject);
    expect(oldReminders).toHaveLength(3);

    // The owner moves the date a week, and two instances start with it; each sweeps twice, two of them at once.
    now = FIRST - DAY + 2 * HOUR;
    const [a, b] = [instance(MOVED), instance(MOVED)];
    await Promise.all([a.sweep(), b.sweep()]);
    await a.sweep();
    await b.sweep();
    const moved = await mailsWith(movedSubject(MOVED));
    expect(moved.map(addressOf).sort()).toEqual(bought.map((buyer) => buyer.email).sort());
    for (const buyer of bought) {
      const [confirmationMail, ...rest] = (await mailsTo(buyer.email)).filter((mail) => mail.subject === confirmation.subject);
      expect(rest).toEqual([]);
      const mail = moved.find((candidate) => addressOf(candidate) === buyer.email);
      const { mimeMethod, calendar, event } = inviteOf(mail);
      // The event the buyer already has, moved: its UID, a higher SEQUENCE, a REQUEST the MIME type says too.
      expect(uidOf(mail)).toBe(uidOf(confirmationMail));
      expect(uidOf(mail)).toBe(`taller-${EDITION}@taller.example.org`);
      expect(sequenceOf(confirmationMail)).toBe(0);
      expect(sequenceOf(mail)).toBeGreaterThan(sequenceOf(confirmationMail));
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(mimeMethod).toBe('REQUEST');
      expect(inviteOf(confirmationMail).mimeMethod).toBe('PUBLISH');
      expect(startOf(mail)).toBe(MOVED);
      expect(String(event.getFirstPropertyValue('attendee'))).toBe(`mailto:${buyer.email}`);
      expect(mail?.messageId).toContain(`-${stampOf(MOVED)}-`);
      expect(mail?.text).toContain(workshopSchedule(MOVED).fullLabel);
      expect(mail?.text).toContain(dateChangeMail.keepText);
      expect(mail?.text).toContain(dateChangeMail.refundText('49 USD', '9.80 USD'));
      // The marks at Stripe say which start each mail was about.
      const record = readRecord(rig.stripe.checkout.metadataOf(buyer.sessionId));
      expect(record.edition).toBe(EDITION);
      expect([record.marks.confirmation.forMs, record.marks.day_before.forMs]).toEqual([FIRST, FIRST]);
      expect(record.marks.date_change).toMatchObject({ status: 'sent', forMs: MOVED });
    }
    expect(await mailsWith(reminderMails.dayBefore.subject)).toHaveLength(3);

    // The personal link, its invite and its Google Calendar link name the new date.
    const page = await request(a.app).get(accessPathOf(bought[0]?.sessionId ?? ''));
    expect(page.status).toBe(200);
    const doc = parseHtml(page.text);
    expect(textOf(doc.querySelector('main'))).toContain(workshopSchedule(MOVED).fullLabel);
    expect(textOf(doc.querySelector('#cambio'))).toBe(accessChanges.change.title);
    expect(textOf(doc.querySelector('.access__change'))).toContain(`${accessChanges.change.fromLead} ${workshopSchedule(FIRST).dateLabel}`);
    const google = new URL(doc.querySelector('a[href^="https://calendar.google.com"]')?.getAttribute('href') ?? '');
    expect(google.searchParams.get('dates')).toBe('20251016T020000Z/20251016T043000Z');
    const ics = await request(a.app)
      .get(`${accessPathOf(bought[0]?.sessionId ?? '')}/invitacion.ics`)
      .buffer(true)
      .parse(asText);
    const downloaded = veventOf(ics.body as string);
    expect(downloaded.getFirstPropertyValue('uid')).toBe(`taller-${EDITION}@taller.example.org`);
    expect(downloaded.getFirstPropertyValue('sequence')).toBe(1);

    // The day-before reminder for the new moment: once each, under a Message-ID of its own.
    now = MOVED - DAY;
    await Promise.all([a.sweep(), b.sweep()]);
    const reminders = await mailsWith(reminderMails.dayBefore.subject);
    expect(reminders).toHaveLength(6);
    const fresh = reminders.filter((mail) => !oldReminders.some((old) => old.messageId === mail.messageId));
    expect(fresh.map(addressOf).sort()).toEqual(bought.map((buyer) => buyer.email).sort());
    for (const mail of fresh) {
      expect(mail.messageId).toContain(`-${stampOf(MOVED)}-`);
      expect(mail.text).toContain(workshopSchedule(MOVED).fullLabel);
    }
    for (const mail of oldReminders) expect(mail.messageId).toContain(`-${stampOf(FIRST)}-`);
    expect(await mailsWith(movedSubject(MOVED))).toHaveLength(3);
  });

  it('moved twice: a mail for each new date, each invite newer than the last; moved to a day ahead, the day-before reminder for it too', async () => {
    const before = instance(FIRST);
    const buyer = await confirmed(before.app, FIRST - 20 * DAY);
    now = FIRST - 5 * DAY;
    await instance(MOVED).sweep();
    // Moved again, to a little less than a day from now: its day-before moment has just passed.
    const tomorrow = now + DAY - 10 * MINUTE;
    const third = instance(tomorrow);
    await third.sweep();
    await third.sweep();
    const mails = await mailsTo(buyer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([confirmation.subject, movedSubject(MOVED), movedSubject(tomorrow), reminderMails.dayBefore.subject]);
    expect(mails.slice(0, 3).map(sequenceOf)).toEqual([0, 1, 2]);
    expect(new Set(mails.slice(0, 3).map(uidOf)).size).toBe(1);
    expect(startOf(mails[2])).toBe(tomorrow);
    expect(mails[3]?.messageId).toContain(`-${stampOf(tomorrow)}-`);
    expect(mails[3]?.text).toContain(workshopSchedule(tomorrow).fullLabel);
    // Moved back to a date it had: still a new mail, and a newer invite.
    await instance(MOVED).sweep();
    const back = (await mailsTo(buyer.email)).at(-1);
    expect(back?.subject).toBe(movedSubject(MOVED));
    expect(sequenceOf(back)).toBe(3);
  });
});

describe('the refund a new date entitles a buyer to', () => {
  it('the personal link mails a confirmation link to the purchase’s address and moves no money; only that link refunds, once, from any instance', async () => {
    const before = instance(FIRST);
    const card = await confirmed(before.app, FIRST - 20 * DAY);
    const free = await confirmed(before.app, FIRST - 20 * DAY, 'free');
    now = FIRST - 2 * DAY;
    const [a, b] = [instance(MOVED), instance(MOVED)];
    await a.sweep();
    const path = `${accessPathOf(card.sessionId)}/reembolso`;

    // The personal link's button leads to the refund's step, whose one form posts to this site alone.
    const page = parseHtml((await request(a.app).get(accessPathOf(card.sessionId))).text);
    const button = [...page.querySelectorAll('a')].find((link) => textOf(link) === accessChanges.change.refundCta);
    expect(button?.getAttribute('href')).toBe(path);
    const step = await request(a.app).get(path);
    expect(step.status).toBe(200);
    expect(step.headers['cache-control']).toBe('private, no-store');
    expect(step.headers['content-security-policy']).toContain("form-action 'self'");
    // Under the buyer pages' no-referrer a browser would post with Origin: null; this page names the site's origin, never its address.
    expect(step.headers['referrer-policy']).toBe('strict-origin');
    const form = parseHtml(step.text).querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(path);
    expect(textOf(parseHtml(step.text).querySelector('main'))).toContain(asRead(sellerCancellation.amount('9.80 USD')));
    expect(textOf(parseHtml(step.text).querySelector('main'))).toContain(asRead(refundByMail.howTo));
    const proof = form?.querySelector('input[name="confirmacion"]')?.getAttribute('value') ?? '';
    // Every other page lets no form post anywhere; a free place has nothing to refund.
    expect((await request(a.app).get(accessPathOf(card.sessionId))).headers['content-security-policy']).toContain("form-action 'none'");
    expect((await request(a.app).get(`${accessPathOf(free.sessionId)}/reembolso`)).status).toBe(403);

    // A POST that did not come from the page: refused, and Stripe is not asked.
    const calls = rig.stripe.calls.length;
    const post = (app: Instance['app'], to: string, form: Record<string, string>, origin = PUBLIC_URL) =>
      request(app).post(to).type('form').set('Origin', origin).send(form);
    expect((await post(a.app, path, { confirmacion: proof }, 'https://otro-sitio.example.org')).status).toBe(403);
    expect((await post(a.app, path, { confirmacion: proof }, 'null')).status).toBe(403);
    expect((await post(a.app, path, { confirmacion: `${proof}x` })).status).toBe(403);
    expect((await request(a.app).post(path).type('form').set('Sec-Fetch-Site', 'cross-site').send({ confirmacion: proof })).status).toBe(403);
    expect(rig.stripe.calls.length).toBe(calls);

    // The personal link's POST mails the purchase's own address a link, and moves no money: nothing is written at Stripe.
    const asked = await post(a.app, path, { confirmacion: proof });
    expect(asked.status).toBe(200);
    expect(textOf(parseHtml(asked.text).querySelector('h1'))).toBe(accessChanges.mailSent.heading);
    expect(textOf(parseHtml(asked.text).querySelector('main'))).toContain('c•••@correo.example.org');
    expect(rig.stripe.calls.slice(calls).filter((call) => call.method === 'POST')).toEqual([]);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
    const link = (await mailedRefundLink(rig, card.email)) ?? '';
    expect(link).toMatch(new RegExp(`^${path}/[^/]+$`));
    const [linkMail] = await mailsWith(refundLinkMail.subject);
    expect(linkMail?.text).toContain(refundByMail.howTo);
    expect(linkMail?.text).toContain(sellerCancellation.amount('9.80 USD'));
    expect(linkMail?.text).toContain(refundLinkMail.until(`${dateTimeLabel(now + HOUR)} ${workshop.zoneLabel}`));

    // Opening it (as a mail scanner does) shows one button and moves nothing; its form posts to itself alone.
    const opened = await request(b.app).get(link);
    expect(opened.status).toBe(200);
    expect(textOf(parseHtml(opened.text).querySelector('h1'))).toBe(accessChanges.link.heading);
    expect(opened.headers['referrer-policy']).toBe('strict-origin');
    expect(opened.headers['content-security-policy']).toContain("form-action 'self'");
    expect(opened.headers['cache-control']).toBe('private, no-store');
    const linkForm = parseHtml(opened.text).querySelector('form');
    expect([linkForm?.getAttribute('action'), parseHtml(opened.text).querySelectorAll('button').length]).toEqual([link, 1]);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
    expect((await post(b.app, link, { confirmar: 'si' }, 'https://otro-sitio.example.org')).status).toBe(403);
    // A link made for another purchase, or altered, opens nothing.
    expect((await request(b.app).get(link.replace(accessPathOf(card.sessionId), accessPathOf(free.sessionId)))).status).toBe(410);
    expect((await request(b.app).get(`${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`)).status).toBe(410);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);

    // Pressed on two instances at once, and again: each told the refund is under way or done; one refund.
    const answers = [
      ...(await Promise.all([post(a.app, link, { confirmar: 'si' }), post(b.app, link, { confirmar: 'si' })])),
      await post(b.app, link, { confirmar: 'si' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers)
      expect([accessChanges.started.heading(card.firstName), accessChanges.withdrawn.heading(card.firstName)]).toContain(
        textOf(parseHtml(answer.text).querySelector('h1')),
      );
    await Promise.all([a.refundsSettled(), b.refundsSettled()]);
    await Promise.all([a.sweep(), b.sweep()]);
    const paymentIntent = rig.stripe.checkout.paymentIntentOf(card.sessionId)?.id ?? '';
    expect(rig.stripe.checkout.refunds.refunds).toEqual([
      expect.objectContaining({
        idempotencyKey: `taller_refund-${paymentIntent}-date_change-1`,
        refund: expect.objectContaining({ amount: 4900, payment_intent: paymentIntent }),
      }),
    ]);
    const [mail, ...more] = await mailsWith(refundMail.subject);
    expect(more).toEqual([]);
    expect(addressOf(mail as ParsedMail)).toBe(card.email);
    for (const line of [
      refundMail.reasons.date_change,
      refundMail.byCard,
      sellerCancellation.amount('9.80 USD'),
      sellerCancellation.payment,
      sellerCancellation.clabeRequest,
      refundMail.calendarRemoved,
    ])
      expect(mail?.text).toContain(line);
    // The event leaves the buyer's calendar: a CANCEL of the same UID, newer than the last new date's.
    const { mimeMethod, calendar, event } = inviteOf(mail);
    expect([mimeMethod, calendar.getFirstPropertyValue('method'), event.getFirstPropertyValue('status')]).toEqual(['CANCEL', 'CANCEL', 'CANCELLED']);
    expect(uidOf(mail)).toBe(`taller-${EDITION}@taller.example.org`);
    expect(sequenceOf(mail)).toBeGreaterThan(1);
    // The owner is asked once to pay the bonificación, by bank transfer, naming the PaymentIntent and the amount.
    expect([...a.logs, ...b.logs].filter((line) => line.event === 'bonification')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'date_change', amount: '9.80 USD', payment_intent: paymentIntent }),
    ]);
    // Nothing personal in any line: not the buyer's address, not the session, not the link's code (the request log redacts them).
    const code = link.split('/').at(-1) ?? '';
    for (const secret of [card.email, card.sessionId, code]) expect([...a.raw, ...b.raw].join('\n')).not.toContain(secret);
    expect(a.logs.some((line) => line.path === '/acceso/[redacted]/reembolso')).toBe(true);
    expect(b.logs.some((line) => line.path === '/acceso/[redacted]/reembolso/[redacted]')).toBe(true);
    const counted = async (app: Instance) =>
      seriesValue((await app.metrics?.registry.metrics()) ?? '', 'taller_bonifications_total{reason="date_change"}') ?? 0;
    expect((await counted(a)) + (await counted(b))).toBe(1);

    // The link used says the refund is done; the personal link says how the money comes back; no invite, no more mail.
    const used = await request(a.app).get(link);
    expect([used.status, textOf(parseHtml(used.text).querySelector('h1'))]).toEqual([200, accessChanges.withdrawn.heading(card.firstName)]);
    const after = await request(b.app).get(accessPathOf(card.sessionId));
    expect(after.status).toBe(200);
    expect(textOf(parseHtml(after.text).querySelector('h1'))).toBe(accessChanges.withdrawn.heading(card.firstName));
    expect(textOf(parseHtml(after.text).querySelector('main'))).toContain(accessChanges.withdrawn.lead);
    expect(textOf(parseHtml(after.text).querySelector('main'))).toContain(refundMail.byCard);
    expect((await request(b.app).get(`${accessPathOf(card.sessionId)}/invitacion.ics`)).status).toBe(404);
    // An hour on, the link no longer holds.
    now += HOUR + MINUTE;
    expect((await request(a.app).get(link)).status).toBe(410);
    now = MOVED - DAY;
    await a.sweep();
    expect((await mailsTo(card.email)).map((item) => item.subject)).toEqual([
      confirmation.subject,
      movedSubject(MOVED),
      refundLinkMail.subject,
      refundMail.subject,
    ]);
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(1);
  });

  it('paid in cash at OXXO: owed by bank transfer, the mail asks for the account; refused once the new start has come, link or no link', async () => {
    const before = instance(FIRST);
    const cash = await confirmed(before.app, FIRST - 20 * DAY, 'cash');
    const late = await confirmed(before.app, FIRST - 20 * DAY);
    now = FIRST - 2 * DAY;
    const a = instance(MOVED);
    await a.sweep();
    const linkOf = async (buyer: { sessionId: string; email: string }) => {
      const path = `${accessPathOf(buyer.sessionId)}/reembolso`;
      const proof =
        parseHtml((await request(a.app).get(path)).text)
          .querySelector('input[name="confirmacion"]')
          ?.getAttribute('value') ?? '';
      expect((await request(a.app).post(path).type('form').send({ confirmacion: proof })).status).toBe(200);
      return { path, proof, link: (await mailedRefundLink(rig, buyer.email)) ?? '' };
    };
    const { link: cashLink } = await linkOf(cash);
    const opened = await request(a.app).get(cashLink);
    expect(textOf(parseHtml(opened.text).querySelector('main'))).toContain(asRead(voucherRefund));
    expect((await request(a.app).post(cashLink).type('form').send({ confirmar: 'si' })).status).toBe(200);
    await a.refundsSettled();
    expect(rig.stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/refunds')).toEqual([]);
    const [mail] = await mailsWith(refundMail.subject);
    expect(mail?.text).toContain(refundMail.byTransfer);
    expect(mail?.text).toContain(sellerCancellation.amount('9.80 USD'));
    expect(mail?.text).not.toContain(sellerCancellation.clabeRequest);

    // The new start has come: the option is closed, on the personal link and at the link mailed before, and nothing is refunded.
    const { path, proof, link } = await linkOf(late);
    now = MOVED + MINUTE;
    const calls = rig.stripe.calls.length;
    const closed = await request(a.app).post(path).type('form').send({ confirmacion: proof });
    expect(closed.status).toBe(403);
    expect(textOf(parseHtml(closed.text).querySelector('h1'))).toBe(accessChanges.closed.heading);
    expect((await request(a.app).post(link).type('form').send({ confirmar: 'si' })).status).toBe(410);
    expect(rig.stripe.calls.length).toBe(calls);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
    expect(rig.stripe.checkout.metadataOf(late.sessionId).taller_refund).toBeUndefined();
  });
});

describe('a purchase an earlier release confirmed', () => {
  it('is marked with the edition in force and the start it was told, then moved like any other, under the UID its invite had', async () => {
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: FIRST - 20 * DAY });
    // What the earlier release wrote: the confirmation's mark, with no edition and no start.
    const response = await fetch(`${rig.stripe.url}/v1/checkout/sessions/${sessionId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'metadata[taller_confirmation]': 'sent',
        'metadata[taller_confirmation_attempt]': '1',
        'metadata[taller_confirmation_at]': new Date(FIRST - 20 * DAY).toISOString(),
      }),
    });
    expect(response.status).toBe(200);
    now = FIRST - 10 * DAY;
    await instance(FIRST).sweep();
    expect(rig.smtp.received).toEqual([]);
    const earlierUid = `taller-${FIRST}@taller.example.org`;
    expect(readRecord(rig.stripe.checkout.metadataOf(sessionId))).toMatchObject({
      edition: EDITION,
      marks: { confirmation: { status: 'sent', attempt: 1, forMs: FIRST } },
      inviteUid: earlierUid,
    });
    // Its confirmation's mark is now this release's: the earlier release's keys for it are gone.
    expect(rig.stripe.checkout.metadataOf(sessionId)).not.toHaveProperty('taller_confirmation_attempt');
    await instance(MOVED).sweep();
    const [mail, ...more] = await parsedMails(rig);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(movedSubject(MOVED));
    expect(uidOf(mail)).toBe(earlierUid);
    expect(sequenceOf(mail)).toBe(1);
  });
});
