/**
 * The owner's path after the sale, through the environment as an operator takes it (a setting changed, every instance
 * restarted) and through the site's changes engine as the panel takes it: a link dropped from the settings keeps its
 * buyers swept and its late payments confirmed; WORKSHOP_CANCELLED put back is an undo inside the window and refused
 * after it; a new date once the workshop has ended is refused, not ignored. Each restart reads the sale's record at
 * Stripe as its first poll does. The real app, the real SDK against the Stripe stand-in, a real SMTP server.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancellationMail } from '../../shared/content/cancellationMailWords';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { dateChangeMail } from '../../shared/content/dateChangeMailWords';
import { pricing } from '../../shared/content/landingPageWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { changeRefusals } from '../../shared/content/saleChangeWords';
import { prices } from '../../shared/content/siteFacts';
import { isoInWorkshopZone, workshopSchedule } from '../../shared/logic/schedule';
import { addressOf, confirmedPurchase, deliver, parsedMails, type Rig, signed, startRig, type TestClock } from '../helpers/fulfilment';
import { parseHtml, textOf } from '../helpers/html';
import { ERROR } from '../helpers/logs';
import { DEFAULT_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const EDITION = 'otono-2025';
const WINDOW = 10 * MINUTE;
const NORMAL_LINK = 'plink_1OwnerPathNormalPrice';
const NORMAL = { STRIPE_NORMAL_PAYMENT_LINK: NORMAL_LINK, NORMAL_CHECKOUT_URL: 'https://buy.stripe.com/test_ownerpathnormal' };

let rig: Rig;
let now = 0;
beforeEach(async () => {
  rig = await startRig();
  rig.stripe.addLink(NORMAL_LINK, { limit: null, price: { currency: 'usd', unitAmount: prices.normal * 100 } });
});
afterEach(async () => {
  await rig.close();
});

/** An instance started with these settings, as after a restart: its first poll reads the record at Stripe. */
async function started(env: Record<string, string> = {}) {
  const site = testApp({ now: () => now, env: { ...rig.env(), EDITION, WORKSHOP_START: isoInWorkshopZone(TEST_START_MS), ...env } });
  await site.live.refresh();
  return site;
}
type Site = Awaited<ReturnType<typeof started>>;

const clock: TestClock = {
  read: () => now,
  set: (ms) => {
    now = ms;
  },
};
const landing = async (site: Site): Promise<string> => textOf(parseHtml((await request(site.app).get('/')).text).querySelector('main'));
const subjectsTo = async (email: string): Promise<string[]> =>
  (await parsedMails(rig)).filter((mail) => addressOf(mail) === email).map((mail) => mail.subject ?? '');
const refusals = (site: Site) => site.logs.filter((line) => line.event === 'sale_change_refused');

describe('a link dropped from the settings', () => {
  it('keeps its buyers in every sweep, and a payment a tab left open makes there is confirmed, /gracias included', async () => {
    now = DEFAULT_DEADLINE_MS + DAY;
    const before = await started(NORMAL);
    const early = await confirmedPurchase(rig, before.app, clock, now - MINUTE, { link: NORMAL_LINK });

    // The operator removes the normal price's link and restarts; its page, open in a tab, still sells.
    now += DAY;
    const after = await started();
    now += WINDOW;
    await after.live.refresh();
    const late = rig.stripe.checkout.createSession('paid', {
      link: NORMAL_LINK,
      atMs: now,
      buyer: { name: 'Tere Luna', email: 'tere.luna@correo.example.org' },
    });
    expect((await deliver(after.app, signed(rig, 'checkout.session.completed', late, now))).status).toBe(200);
    expect((await request(after.app).get(`/gracias?session_id=${late}`)).status).toBe(200);
    expect(await subjectsTo('tere.luna@correo.example.org')).toEqual([confirmation.subject]);

    // The day before, the earlier buyer of that link is reminded like everyone else.
    now = TEST_START_MS - DAY;
    await after.sweep();
    expect(await subjectsTo(early.email)).toEqual([confirmation.subject, reminderMails.dayBefore.subject]);
  });
});

describe('WORKSHOP_CANCELLED put back to false', () => {
  it('inside the undo window, undoes the cancellation: nothing is sent, nothing refunded, the sale goes on', async () => {
    now = TEST_START_MS - 10 * DAY;
    const first = await started();
    const buyer = await confirmedPurchase(rig, first.app, clock, now - DAY);
    now += MINUTE;
    const cancelling = await started({ WORKSHOP_CANCELLED: 'true' });
    expect(cancelling.live.latest()?.change).toEqual({ kind: 'entorno', set: { cancelled: true } });
    now += 3 * MINUTE;
    const back = await started({ WORKSHOP_CANCELLED: 'false' });
    expect(back.logs.filter((line) => line.event === 'sale_change_undone')).toEqual([expect.objectContaining({ by: 'entorno' })]);
    now += 2 * WINDOW;
    await back.sweep();
    expect(await subjectsTo(buyer.email)).toEqual([confirmation.subject]);
    expect(rig.stripe.checkout.refunds.refunds).toEqual([]);
    expect(await landing(back)).not.toContain(pricing.cancelledLabel);
  });

  it('once the cancellation took effect, is refused with its reason at every start: still cancelled, its refunds made', async () => {
    now = TEST_START_MS - 10 * DAY;
    const first = await started();
    const buyer = await confirmedPurchase(rig, first.app, clock, now - DAY);
    now += MINUTE;
    const cancelled = await started({ WORKSHOP_CANCELLED: 'true' });
    now += WINDOW;
    await cancelled.sweep();
    expect(await subjectsTo(buyer.email)).toEqual([confirmation.subject, cancellationMail.subject(workshopSchedule(TEST_START_MS).fullLabel)]);

    now += DAY;
    const back = await started({ WORKSHOP_CANCELLED: 'false' });
    expect(back.logs.filter((line) => line.level >= ERROR && line.event === 'sale_change_refused')).toEqual([
      expect.objectContaining({ by: 'entorno', settings: ['cancelled'], msg: `the environment's change is refused: ${changeRefusals.uncancelLate}` }),
    ]);
    expect(await landing(back)).toContain(pricing.cancelledLabel);
    await back.sweep();
    expect(rig.stripe.checkout.refunds.refunds).toHaveLength(1);
    expect(await subjectsTo(buyer.email)).toHaveLength(2);
    // Said again at the next start, until the setting is put back.
    expect(refusals(await started({ WORKSHOP_CANCELLED: 'false' }))).toHaveLength(1);
  });
});

describe('a new date once the workshop has ended', () => {
  it('is refused, not ignored: one error line at the start, the page and the buyers as they were, and the panel refuses it too', async () => {
    now = TEST_START_MS - 10 * DAY;
    const before = await started();
    const buyer = await confirmedPurchase(rig, before.app, clock, now - DAY);
    now = TEST_START_MS + DAY;
    const later = TEST_START_MS + 30 * DAY;
    const moved = await started({ WORKSHOP_START: isoInWorkshopZone(later) });
    const refusal = changeRefusals.dateAfterEnd(workshopSchedule(TEST_START_MS).fullLabel);
    expect(refusals(moved)).toEqual([expect.objectContaining({ settings: ['startMs'], msg: `the environment's change is refused: ${refusal}` })]);
    expect(moved.live.current(now).sale.workshopStartMs).toBe(TEST_START_MS);
    expect(await landing(moved)).toContain(`${pricing.closedTextPrefix} ${workshopSchedule(TEST_START_MS).dateLabel}`);
    now += WINDOW;
    await moved.sweep();
    expect(await subjectsTo(buyer.email)).not.toContain(dateChangeMail.subject(workshopSchedule(later).fullLabel));
    expect(moved.changes?.check({ kind: 'date', startMs: later }, now)).toBe(refusal);
  });
});
