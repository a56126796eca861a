/**
 * The mails after the confirmation, sent by the sweep over the Payment Link's purchases, through the real app against
 * the Stripe stand-in and a real SMTP server, read back with mailparser: "Mañana es el taller" a day before, "Empezamos
 * en una hora" an hour before, "Tu grabación y tus materiales" after the workshop; each at its moment, to the right
 * purchases, exactly once across two instances; a moment missed while the site was down skipped with one line.
 */
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { recordingMail } from '../../shared/content/recordingMailWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { testApp, TEST_START_MS } from '../helpers/testApp';
import {
  accessUrlOf,
  CITY_LINES,
  CONTACT_EMAIL,
  MATERIALS,
  markAt,
  MEETING_URL,
  parsedMails,
  type Rig,
  START_IN_WORDS,
  startRig,
  addressOf,
  confirmedPurchase,
  type TestClock,
} from '../helpers/fulfilment';
import { WARN } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DAY_BEFORE_MS = TEST_START_MS - DAY;
const HOUR_BEFORE_MS = TEST_START_MS - 60 * MINUTE;
const END_MS = TEST_START_MS + 150 * MINUTE;

let rig: Rig;
let now = 0;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

const instance = (env: Record<string, string> = {}) => testApp({ now: () => now, env: { ...rig.env(), ...env }, withMetrics: true });
const clock: TestClock = {
  read: () => now,
  set: (ms) => {
    now = ms;
  },
};
/** A purchase paid at `atMs` by its own buyer, whose confirmation went out then, as the webhook sends it. */
const confirmed = (app: ReturnType<typeof instance>['app'], atMs: number, name = 'Ana Sofía Ruiz', kind: 'paid' | 'free' = 'paid') =>
  confirmedPurchase(rig, app, clock, atMs, { kind, name });
const subjects = async (): Promise<string[]> => (await parsedMails(rig)).map((mail) => mail.subject ?? '');
const mailsWith = async (subject: string): Promise<ParsedMail[]> => (await parsedMails(rig)).filter((mail) => mail.subject === subject);

describe('"Mañana es el taller", a day before the start', () => {
  it('goes at its moment to every buyer who paid before it, not a moment sooner, and once', async () => {
    const { app, sweep, metrics } = instance();
    const ana = await confirmed(app, TEST_START_MS - 20 * DAY);
    const free = await confirmed(app, TEST_START_MS - 10 * DAY, 'Paz Núñez', 'free');
    now = DAY_BEFORE_MS - 1;
    await sweep();
    expect(await subjects()).toEqual([confirmation.subject, confirmation.subject]);
    now = DAY_BEFORE_MS;
    const report = await sweep();
    expect(report).toMatchObject({ completed: true, purchases: 2, sent: 2, failed: 0 });
    const reminders = await mailsWith(reminderMails.dayBefore.subject);
    expect(reminders.map(addressOf).sort()).toEqual([ana.email, free.email].sort());
    const toAna = reminders.find((mail) => addressOf(mail) === ana.email);
    const text = toAna?.text ?? '';
    expect(text).toContain(reminderMails.dayBefore.heading('Ana'));
    expect(text).toContain(START_IN_WORDS);
    expect(text).toContain(CITY_LINES.join('\n'));
    expect(text).toContain(accessUrlOf(ana.sessionId));
    expect(text).toContain(CONTACT_EMAIL);
    expect(toAna?.html).toContain(`href="${accessUrlOf(ana.sessionId)}"`);
    expect(toAna?.html).toContain('lang="es"');
    expect(`${text}${toAna?.html}`).not.toContain(MEETING_URL);
    expect(toAna?.messageId).toMatch(/^<recordatorio-dia-20251008-2000-[0-9a-f]{32}@taller\.example\.org>$/);
    expect(toAna?.attachments).toEqual([]);
    // Marked at Stripe, on the purchase's session.
    expect(markAt(rig, ana.sessionId, 'day_before').status).toBe('sent');
    now = DAY_BEFORE_MS + 4 * MINUTE;
    await sweep();
    expect(await mailsWith(reminderMails.dayBefore.subject)).toHaveLength(2);
    const text2 = (await metrics?.registry.metrics()) ?? '';
    expect(seriesValue(text2, 'taller_mails_total{kind="day_before",outcome="sent"}')).toBe(2);
  });

  it('goes to a buyer confirmed a few minutes before its moment; not to one who paid after it', async () => {
    const { app, sweep } = instance();
    const early = await confirmed(app, DAY_BEFORE_MS - 3 * MINUTE, 'Inés Mora');
    const late = await confirmed(app, DAY_BEFORE_MS + MINUTE, 'Luz Vega');
    now = DAY_BEFORE_MS + 2 * MINUTE;
    await sweep();
    expect((await mailsWith(reminderMails.dayBefore.subject)).map(addressOf)).toEqual([early.email]);
    // The late buyer's confirmation went; the hour's reminder is still theirs.
    expect((await mailsWith(confirmation.subject)).map(addressOf).sort()).toEqual([early.email, late.email].sort());
    now = HOUR_BEFORE_MS + MINUTE;
    await sweep();
    expect((await mailsWith(reminderMails.hourBefore.subject)).map(addressOf).sort()).toEqual([early.email, late.email].sort());
  });

  it('missed by more than 30 minutes (the site was down): skipped, with one log line; within 30, sent late', async () => {
    const { app, sweep, logs } = instance();
    await confirmed(app, TEST_START_MS - 20 * DAY);
    await confirmed(app, TEST_START_MS - 19 * DAY, 'Eva Ríos');
    now = DAY_BEFORE_MS + 31 * MINUTE;
    await sweep();
    now += MINUTE;
    await sweep();
    expect(await mailsWith(reminderMails.dayBefore.subject)).toEqual([]);
    const missed = logs.filter((line) => line.event === 'reminder_missed');
    expect(missed).toEqual([expect.objectContaining({ level: WARN, kind: 'day_before', purchases: 2, moment: new Date(DAY_BEFORE_MS).toISOString() })]);
    const second = instance();
    await confirmed(second.app, TEST_START_MS - 18 * DAY, 'Sol Díaz');
    now = HOUR_BEFORE_MS + 29 * MINUTE;
    await second.sweep();
    expect(await mailsWith(reminderMails.hourBefore.subject)).toHaveLength(3);
  });
});

describe('"Empezamos en una hora", an hour before the start', () => {
  it('goes at its moment with the personal link as the main button, before the time in each city', async () => {
    const { app, sweep } = instance();
    const { sessionId } = await confirmed(app, TEST_START_MS - 5 * DAY, 'Julia Soto');
    now = HOUR_BEFORE_MS - 1;
    await sweep();
    expect(await mailsWith(reminderMails.hourBefore.subject)).toEqual([]);
    now = HOUR_BEFORE_MS;
    await sweep();
    const [mail, ...more] = await mailsWith(reminderMails.hourBefore.subject);
    expect(more).toEqual([]);
    const html = mail?.html || '';
    const firstLink = /<a [^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(firstLink).toBe(accessUrlOf(sessionId));
    expect(html.indexOf(accessUrlOf(sessionId))).toBeLessThan(html.indexOf('La hora en tu ciudad'));
    expect(mail?.text).toContain(reminderMails.hourBefore.heading('Julia'));
    expect(mail?.text).toContain(accessUrlOf(sessionId));
    expect(mail?.messageId).toMatch(/^<recordatorio-hora-20251008-2000-[0-9a-f]{32}@taller\.example\.org>$/);
    expect(`${mail?.text}${html}`).not.toContain(MEETING_URL);
  });
});

describe('"Tu grabación y tus materiales", after the workshop', () => {
  it('goes once the workshop has ended and the owner has set the recording and the materials, with the personal link, once', async () => {
    const { app, sweep } = instance();
    const { sessionId } = await confirmed(app, TEST_START_MS - 5 * DAY, 'Marta Gil');
    now = END_MS - 1;
    await instance(MATERIALS).sweep();
    now = END_MS + DAY;
    await sweep();
    await instance({ RECORDING_URL: MATERIALS.RECORDING_URL }).sweep();
    expect(await mailsWith(recordingMail.subject)).toEqual([]);
    const withLinks = instance(MATERIALS);
    await withLinks.sweep();
    await withLinks.sweep();
    const [mail, ...more] = await mailsWith(recordingMail.subject);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(recordingMail.heading('Marta'));
    expect(mail?.text).toContain(accessUrlOf(sessionId));
    expect(mail?.text).toContain(`${recordingMail.until} 7 de noviembre de 2025.`);
    expect(mail?.text).toContain(CONTACT_EMAIL);
    expect(mail?.html).toContain(`href="${accessUrlOf(sessionId)}"`);
    expect(mail?.messageId).toMatch(/^<grabacion-20251008-2000-[0-9a-f]{32}@taller\.example\.org>$/);
    // The recording's own link is on the personal link's page only.
    expect(`${mail?.text}${mail?.html}`).not.toContain(MATERIALS.RECORDING_URL);
  });
});

describe('who gets nothing', () => {
  it("a purchase refunded in full or disputed, a voucher not yet paid, and another link's session: no mail, ever", async () => {
    const { app, sweep } = instance(MATERIALS);
    const refunded = await confirmed(app, TEST_START_MS - 9 * DAY, 'Rosa Paz');
    const disputed = await confirmed(app, TEST_START_MS - 8 * DAY, 'Flor Luna');
    rig.stripe.checkout.refund(refunded.sessionId);
    rig.stripe.checkout.dispute(disputed.sessionId);
    rig.stripe.checkout.createSession('voucher', { atMs: TEST_START_MS - 7 * DAY });
    rig.stripe.checkout.createSession('other_link', { atMs: TEST_START_MS - 7 * DAY });
    const kept = await confirmed(app, TEST_START_MS - 6 * DAY, 'Alma Cruz');
    rig.stripe.checkout.refund(kept.sessionId, 1000);
    for (const at of [DAY_BEFORE_MS, HOUR_BEFORE_MS, END_MS]) {
      now = at;
      await sweep();
    }
    const mails = await parsedMails(rig);
    expect(mails.filter((mail) => addressOf(mail) !== kept.email).map((mail) => [addressOf(mail), mail.subject])).toEqual([
      [refunded.email, confirmation.subject],
      [disputed.email, confirmation.subject],
    ]);
    expect(mails.filter((mail) => addressOf(mail) === kept.email).map((mail) => mail.subject)).toEqual([
      confirmation.subject,
      reminderMails.dayBefore.subject,
      reminderMails.hourBefore.subject,
      recordingMail.subject,
    ]);
  });
});

describe('exactly once, whatever the instances', () => {
  it('two instances sweeping at the same moment, over the same purchases, with Stripe slow: one mail of each kind per purchase', async () => {
    const first = instance();
    for (let n = 0; n < 6; n += 1) await confirmed(first.app, TEST_START_MS - (10 + n) * DAY, `Compradora${n} Prueba`);
    const second = instance();
    rig.stripe.checkout.setUpdateLatency(20);
    now = DAY_BEFORE_MS + MINUTE;
    const reports = await Promise.all([first.sweep(), second.sweep(), first.sweep()]);
    rig.stripe.checkout.setUpdateLatency(0);
    reports.push(await second.sweep());
    const reminders = await mailsWith(reminderMails.dayBefore.subject);
    expect(reminders).toHaveLength(6);
    expect(new Set(reminders.map(addressOf)).size).toBe(6);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(6);
    // A sweep whose claim lost to another's left that wave to it.
    expect(reports.some((report) => report.yielded)).toBe(true);
    // Each mail once, and so each Message-ID once.
    expect(new Set(reminders.map((mail) => mail.messageId)).size).toBe(6);
  });
});
