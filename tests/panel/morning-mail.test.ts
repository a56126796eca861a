/**
 * The owner's morning mail (server/panel/morningMail.ts), through the real app, the real SDK against the Stripe
 * stand-in and a real SMTP server, mails read by mailparser: on a day when anything happened, one mail to OWNER_EMAIL
 * saying what, with a link to /panel, whichever instances take their morning turn; none on a quiet day.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMorningMs } from '../../server/panel/morningMail';
import { morningMail } from '../../shared/content/panelMailWords';
import { panel } from '../../shared/content/panelWords';
import { WORKSHOP_ZONE } from '../../shared/logic/schedule';
import { confirmedPurchase, PUBLIC_URL, type Rig, startRig } from '../helpers/fulfilment';
import { handClock, OWNER_EMAIL, ownerMails, panelEnv } from '../helpers/panel';
import { testApp } from '../helpers/testApp';

/** A day in the workshop's zone, at an hour. */
const at = (day: string, hour: number, minute = 0): number => DateTime.fromISO(day, { zone: WORKSHOP_ZONE }).set({ hour, minute }).toMillis();

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

describe('the morning mail', () => {
  it('tells the owner once what happened the day before, with a link to her panel, whatever the instances', async () => {
    const clock = handClock(at('2025-09-20', 8, 1));
    const env = panelEnv(rig);
    const one = testApp({ now: clock.read, env });
    const two = testApp({ now: clock.read, env });
    await confirmedPurchase(rig, one.app, clock, at('2025-09-19', 13), { name: 'Venta De Ayer' });
    await confirmedPurchase(rig, one.app, clock, at('2025-09-19', 22, 30), { name: 'Otra De Ayer' });
    // Before the day's listing, there is nothing to say yet.
    expect(await one.morning()).toBe('not_yet');
    await one.sweep();
    await two.sweep();
    const before = (await ownerMails(rig)).length;
    const outcomes = await Promise.all([one.morning(), two.morning()]);
    expect(outcomes.sort()).toEqual(['sent', 'taken']);
    expect(await one.morning()).toBe('taken');
    const mails = (await ownerMails(rig)).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(morningMail.subject(morningMail.sales(2)));
    expect(mail?.text).toContain(morningMail.dayLead('19 de septiembre de 2025'));
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/panel"`);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(OWNER_EMAIL);
  });

  it('is not sent on a quiet day', async () => {
    const clock = handClock(at('2025-09-24', 8, 2));
    const { app, sweep, morning } = testApp({ now: clock.read, env: panelEnv(rig) });
    // A sale two days before, none the day before.
    await confirmedPurchase(rig, app, clock, at('2025-09-22', 12));
    await sweep();
    const before = (await ownerMails(rig)).length;
    expect(await morning()).toBe('quiet');
    expect((await ownerMails(rig)).length).toBe(before);
  });
});

describe("the morning mail's places", () => {
  it('counts the places left while the link sells, and says the sale is closed once the workshop is cancelled', async () => {
    const spots = { current: () => ({ remaining: 21, limit: 30 }), ready: () => true };
    for (const [day, cancelled, line] of [
      ['2025-09-26', false, panel.places.left(21, 30)],
      ['2025-09-28', true, panel.places.closed],
    ] as const) {
      const clock = handClock(at(day, 8, 3));
      const env = { ...panelEnv(rig), ...(cancelled && { WORKSHOP_CANCELLED: 'true' }) };
      const { app, sweep, morning } = testApp({ now: clock.read, env, spots });
      // The evening before: a sale to tell of.
      await confirmedPurchase(rig, app, clock, at(day, 8, 3) - 12 * 3_600_000, { name: `Compra ${day}` });
      await sweep();
      const before = (await ownerMails(rig)).length;
      expect(await morning()).toBe('sent');
      const [mail] = (await ownerMails(rig)).slice(before);
      expect(mail?.text).toContain(`${panel.places.link.early_bird}: ${line}`);
      expect(mail?.text).not.toContain(cancelled ? panel.places.left(21, 30) : panel.places.closed);
    }
  });
});

describe('nextMorningMs', () => {
  it("is today's 8:00 in the workshop's zone while it is ahead, else tomorrow's", () => {
    expect(nextMorningMs(at('2025-11-02', 7, 59))).toBe(at('2025-11-02', 8));
    expect(nextMorningMs(at('2025-11-02', 8))).toBe(at('2025-11-03', 8));
    expect(nextMorningMs(at('2025-11-02', 23, 30))).toBe(at('2025-11-03', 8));
  });
});
