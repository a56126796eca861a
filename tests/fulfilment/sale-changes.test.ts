/**
 * The owner changes a running sale through the site's own engine (server/changes/saleChanges.ts, what the panel's forms
 * call): each change previewed over the buyers the last sweep listed, recorded at Stripe, in force on every instance
 * only after its undo window (CHANGE_DELAY_SECONDS), undone inside it with nothing sent, and followed to its end. A new
 * date reaches each buyer once with the invite that moves their event, re-arms the reminders, and stays through a
 * restart of every instance; a cancellation mails and refunds each buyer once. Two instances of the real app, the real
 * SDK against the Stripe stand-in (the record in the Early Bird link's metadata, held to Stripe's limits), a real SMTP
 * server, mails read by mailparser, invites by ical.js.
 */
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancellationMail } from '../../shared/content/cancellationMailWords';
import { dateChangeMail } from '../../shared/content/dateChangeMailWords';
import { pricing } from '../../shared/content/landingPageWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { changeRefusals, changeSummaries } from '../../shared/content/saleChangeWords';
import { isoInWorkshopZone, workshopSchedule } from '../../shared/logic/schedule';
import { addressOf, confirmedPurchase, inviteOf, parsedMails, type Rig, startRig, type TestClock } from '../helpers/fulfilment';
import { parseHtml, textOf } from '../helpers/html';
import { recordWrites } from '../helpers/recordWrites';
import { TEST_START_MS, testApp } from '../helpers/testApp';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const EDITION = 'otono-2025';
const FIRST = TEST_START_MS;
/** The owner moves the workshop a week later. */
const MOVED = FIRST + 7 * DAY;
/** CHANGE_DELAY_SECONDS's default: ten minutes to take a change back. */
const WINDOW = 10 * MINUTE;

let rig: Rig;
let now = 0;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

/** An instance of the site, started with the environment's first date: whatever it says, the record at Stripe decides. */
const instance = () => testApp({ now: () => now, env: { ...rig.env(), EDITION, WORKSHOP_START: isoInWorkshopZone(FIRST) }, withMetrics: true });
type Instance = ReturnType<typeof instance>;
const changesOf = (site: Instance) => {
  if (!site.changes) throw new Error('no changes without the Stripe settings');
  return site.changes;
};

const clock: TestClock = {
  read: () => now,
  set: (ms) => {
    now = ms;
  },
};
const confirmed = (app: Instance['app'], atMs: number, kind: 'paid' | 'free' | 'cash' = 'paid') => confirmedPurchase(rig, app, clock, atMs, { kind });
const mailsWith = async (subject: string): Promise<ParsedMail[]> => (await parsedMails(rig)).filter((mail) => mail.subject === subject);
/** What the landing page says now on an instance. */
const landing = async (site: Instance): Promise<string> => textOf(parseHtml((await request(site.app).get('/')).text).querySelector('main'));
/** Every instance's poll, as its timer makes it: the record read again. */
const polled = async (...sites: Instance[]): Promise<void> => {
  for (const site of sites) await site.live.refresh();
};

describe('a new date', () => {
  it('on two instances: previewed, waiting its window with nothing sent, then one mail per buyer with the updated invite, the reminders re-armed, kept across a restart of both', async () => {
    now = FIRST - 20 * DAY;
    const [a, b] = [instance(), instance()];
    const buyers = [await confirmed(a.app, FIRST - 20 * DAY), await confirmed(a.app, FIRST - 15 * DAY), await confirmed(b.app, FIRST - 10 * DAY)];
    await polled(a, b);
    now = FIRST - 3 * DAY;
    await a.sweep();

    // The preview: the buyers, the mail each gets as they will see it, no refund, what the page will say.
    const change = { kind: 'date', startMs: MOVED } as const;
    const preview = await changesOf(a).preview(change, now);
    expect(preview.refusal).toBeNull();
    expect(preview.buyers).toBe(3);
    expect(preview.mails).toEqual([{ kind: 'date_change', count: 3 }]);
    expect(preview.sample?.subject).toBe(dateChangeMail.subject(workshopSchedule(MOVED).fullLabel));
    expect(textOf(parseHtml(preview.sample?.html ?? '').body)).toContain(workshopSchedule(MOVED).fullLabel);
    expect(preview.refunds).toEqual({ count: 0, totals: [], byTransfer: 0, bonifications: [] });
    expect(preview.page.says).toContain(workshopSchedule(MOVED).fullLabel);
    expect(preview.takesEffectAtMs).toBe(now + WINDOW);

    const result = await changesOf(a).schedule(change, 'sesion-a1');
    if (!('scheduled' in result)) throw new Error(result.refused);
    const { scheduled } = result;
    expect(a.logs.filter((line) => line.event === 'sale_change')).toEqual([
      expect.objectContaining({ id: scheduled.id, kind: 'date', by: 'sesion-a1', takes_effect: new Date(now + WINDOW).toISOString() }),
    ]);

    // Inside the window: both instances know it and neither acts on it; a second change waits.
    now += WINDOW - MINUTE;
    await polled(b);
    expect(b.live.latest()?.id).toBe(scheduled.id);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(await mailsWith(dateChangeMail.subject(workshopSchedule(MOVED).fullLabel))).toEqual([]);
    expect(await landing(b)).toContain(workshopSchedule(FIRST).dateLabel);
    expect(changesOf(b).progress(now)).toMatchObject({ pending: true, mails: { sent: 0, due: 3 }, done: false });
    expect(changesOf(b).check({ kind: 'cancel' }, now)).toContain(changeSummaries.date(workshopSchedule(MOVED).fullLabel));

    // In force: one mail each, whatever the instances and their sweeps, with the invite that moves the event.
    now += MINUTE;
    await Promise.all([a.sweep(), b.sweep()]);
    await a.sweep();
    await b.sweep();
    const moved = await mailsWith(dateChangeMail.subject(workshopSchedule(MOVED).fullLabel));
    expect(moved.map(addressOf).sort()).toEqual(buyers.map((buyer) => buyer.email).sort());
    for (const mail of moved) {
      const { mimeMethod, event } = inviteOf(mail);
      expect(mimeMethod).toBe('REQUEST');
      expect(event.getFirstPropertyValue('uid')).toBe(`taller-${EDITION}@taller.example.org`);
      expect(event.getFirstPropertyValue('sequence')).toBe(1);
      expect((event.getFirstPropertyValue('dtstart') as unknown as { toJSDate(): Date }).toJSDate().getTime()).toBe(MOVED);
    }
    expect(await landing(b)).toContain(workshopSchedule(MOVED).dateLabel);
    expect(changesOf(b).progress(now)).toMatchObject({ pending: false, mails: { sent: 3, due: 3, failed: 0 }, refunds: { made: 0, due: 0 }, done: true });

    // Restarted, both with the old date in their environment: the record decides, and nothing goes twice.
    const [c, d] = [instance(), instance()];
    await polled(c, d);
    expect(c.live.current(now).sale.workshopStartMs).toBe(MOVED);
    expect(c.live.origins(now).dates).toBe('panel');
    expect(await landing(d)).toContain(workshopSchedule(MOVED).dateLabel);
    await Promise.all([c.sweep(), d.sweep()]);
    expect(await mailsWith(dateChangeMail.subject(workshopSchedule(MOVED).fullLabel))).toHaveLength(3);
    expect(c.live.history()).toEqual([
      expect.objectContaining({
        id: scheduled.id,
        kind: 'date',
        by: 'sesion-a1',
        outcome: 'programado',
        summary: changeSummaries.date(workshopSchedule(MOVED).fullLabel),
      }),
    ]);

    // The reminders follow the new date: the day before it, each buyer once, naming it.
    now = MOVED - DAY;
    await Promise.all([c.sweep(), d.sweep()]);
    const reminders = await mailsWith(reminderMails.dayBefore.subject);
    expect(reminders.map(addressOf).sort()).toEqual(buyers.map((buyer) => buyer.email).sort());
    for (const mail of reminders) expect(mail.text).toContain(workshopSchedule(MOVED).fullLabel);
    // The record, kept in the link's metadata, stayed within Stripe's limits at every write.
    expect(recordWrites(rig.stripe.linkUpdates).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(rig.stripe.link().metadata).length).toBeLessThanOrEqual(20);
  });
});

describe('a cancellation', () => {
  it('previewed with its refunds; undone inside its window, nothing sent and nothing refunded; made, one mail and one refund per card buyer, to done', async () => {
    now = FIRST - 20 * DAY;
    const [a, b] = [instance(), instance()];
    const cards = [await confirmed(a.app, FIRST - 20 * DAY), await confirmed(a.app, FIRST - 12 * DAY)];
    const free = await confirmed(a.app, FIRST - 11 * DAY, 'free');
    const cash = await confirmed(b.app, FIRST - 10 * DAY, 'cash');
    await polled(a, b);
    now = FIRST - 5 * DAY;
    await a.sweep();

    const preview = await changesOf(a).preview({ kind: 'cancel' }, now);
    expect(preview).toMatchObject({
      refusal: null,
      buyers: 4,
      mails: [{ kind: 'cancellation', count: 4 }],
      refunds: { count: 2, totals: [{ minor: 9800, currency: 'usd' }], byTransfer: 1, bonifications: [{ minor: 2940, currency: 'usd' }] },
      page: { state: 'cancelled' },
    });
    expect(preview.sample?.subject).toBe(cancellationMail.subject(workshopSchedule(FIRST).fullLabel));
    expect(preview.page.says).toContain(pricing.cancelledLabel);

    // Undone four minutes in: nothing was, or ever is, sent or refunded, and the sale goes on as it was.
    const first = await changesOf(a).schedule({ kind: 'cancel' }, 'sesion-a1');
    if (!('scheduled' in first)) throw new Error(first.refused);
    now += 4 * MINUTE;
    await polled(b);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(await landing(b)).not.toContain(pricing.cancelledLabel);
    expect(await changesOf(b).undo(first.scheduled.id, 'sesion-b2')).toEqual({ undone: expect.objectContaining({ id: first.scheduled.id }) });
    now += 2 * WINDOW;
    await polled(a);
    await Promise.all([a.sweep(), b.sweep()]);
    expect(await mailsWith(cancellationMail.subject(workshopSchedule(FIRST).fullLabel))).toEqual([]);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
    expect(await landing(a)).not.toContain(pricing.cancelledLabel);
    expect(a.live.history().map(({ outcome, by }) => [outcome, by])).toEqual([
      ['deshecho', 'sesion-b2'],
      ['programado', 'sesion-a1'],
    ]);
    expect(b.logs.filter((line) => line.event === 'sale_change_undone')).toEqual([expect.objectContaining({ id: first.scheduled.id, by: 'sesion-b2' })]);

    // Made, and left to take effect: one mail to each buyer, one refund of each card, progress to done.
    const second = await changesOf(b).schedule({ kind: 'cancel' }, 'sesion-b2');
    if (!('scheduled' in second)) throw new Error(second.refused);
    now += WINDOW;
    await polled(a);
    expect(await landing(a)).toContain(pricing.cancelledLabel);
    await Promise.all([a.sweep(), b.sweep()]);
    await a.sweep();
    const mails = await mailsWith(cancellationMail.subject(workshopSchedule(FIRST).fullLabel));
    expect(mails.map(addressOf).sort()).toEqual([...cards, free, cash].map((buyer) => buyer.email).sort());
    const intentOf = (sessionId: string): string => rig.stripe.checkout.paymentIntentOf(sessionId)?.id ?? '';
    expect(rig.stripe.checkout.refunds.refunds.map(({ refund }) => refund.payment_intent).sort()).toEqual(
      cards.map(({ sessionId }) => intentOf(sessionId)).sort(),
    );
    await b.sweep();
    expect(changesOf(a).progress(now)).toMatchObject({ mails: { sent: 4, due: 4 }, refunds: { made: 3, due: 3 }, done: true });
    // Past its window, a change stays.
    expect(await changesOf(a).undo(second.scheduled.id, 'sesion-a1')).toEqual({ refused: changeRefusals.undoLate });
  });
});
