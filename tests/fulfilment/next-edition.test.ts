/**
 * The next edition: the owner names a new EDITION with new dates, selling through the same Payment Link or a new one.
 * The earlier edition's buyers keep their personal link's after-page, the recording announced to them and the
 * materials until their own window closes, and never get the new edition's reminders, new-date mail, live redirect or
 * recording mail. The real app, the real SDK against the Stripe stand-in, a real SMTP server, mails read by mailparser.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { access } from '../../shared/content/accessPageWords';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { recordingMail } from '../../shared/content/recordingMailWords';
import { reminderMails } from '../../shared/content/reminderMailWords';
import { journeyTimeline } from '../../shared/logic/journey';
import { isoInWorkshopZone } from '../../shared/logic/schedule';
import { parseHtml, textOf } from '../helpers/html';
import { TEST_START_MS, testApp } from '../helpers/testApp';
import { accessPathOf, MATERIALS, MEETING_URL, parsedMails, type Rig, startRig, addressOf, confirmedPurchase, type TestClock } from '../helpers/fulfilment';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const EARLIER = { EDITION: 'otono-2025', WORKSHOP_START: isoInWorkshopZone(TEST_START_MS) };
/** Two weeks later: well within the earlier buyers' 30 days of recording. */
const NEXT_START_MS = TEST_START_MS + 14 * DAY;
const NEXT = {
  EDITION: 'invierno-2025',
  WORKSHOP_START: isoInWorkshopZone(NEXT_START_MS),
  EARLY_BIRD_DEADLINE: isoInWorkshopZone(NEXT_START_MS - 7 * DAY),
};
const NEXT_RECORDING = 'https://videos.example.org/grabacion-de-invierno';
const NEW_LINK = 'plink_1FulfilmentNextEdition';

let rig: Rig;
let now = 0;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

const instance = (env: Record<string, string>) => testApp({ now: () => now, env: { ...rig.env(), ...env } });
const subjectsTo = async (email: string): Promise<string[]> =>
  (await parsedMails(rig)).filter((mail) => addressOf(mail) === email).map((mail) => mail.subject ?? '');

const clock: TestClock = {
  read: () => now,
  set: (ms) => {
    now = ms;
  },
};
const confirmed = (app: ReturnType<typeof instance>['app'], atMs: number, link?: string) => confirmedPurchase(rig, app, clock, atMs, { link });

/** The earlier edition, run to its end: a buyer confirmed, the workshop held, the recording mail sent. */
async function earlierEdition() {
  const earlier = instance({ ...EARLIER, ...MATERIALS });
  const ana = await confirmed(earlier.app, TEST_START_MS - 10 * DAY);
  now = journeyTimeline(TEST_START_MS).endMs + 60 * MINUTE;
  await earlier.sweep();
  expect(await subjectsTo(ana.email)).toEqual([confirmation.subject, recordingMail.subject]);
  return ana;
}

/** The personal link's after-page as a buyer reads it: its recording link, or why there is none. */
async function afterPage(app: ReturnType<typeof instance>['app'], sessionId: string) {
  const res = await request(app).get(accessPathOf(sessionId));
  const doc = parseHtml(res.text);
  return {
    status: res.status,
    heading: textOf(doc.querySelector('h1')),
    recording: doc.querySelector('section[aria-labelledby="grabacion"] a')?.getAttribute('href'),
    main: textOf(doc.querySelector('main')),
  };
}

describe('the next edition', () => {
  it.each<[string, Record<string, string>]>([
    ['through the same Payment Link', {}],
    ['through a new Payment Link', { STRIPE_PAYMENT_LINK: NEW_LINK, CHECKOUT_URL: 'https://buy.stripe.com/test_invierno' }],
  ])('%s: the earlier buyers keep their page and recording, and get none of its mails or its meeting', async (_how, link) => {
    if (link.STRIPE_PAYMENT_LINK) rig.stripe.addLink(NEW_LINK);
    const ana = await earlierEdition();
    // The next edition, set up two days after the earlier one, with its own recording once it has one.
    now = TEST_START_MS + 2 * DAY;
    const next = instance({ ...NEXT, ...link, FORMULA_URL: MATERIALS.FORMULA_URL, GPT_URL: MATERIALS.GPT_URL, HOOKS_URL: MATERIALS.HOOKS_URL });
    const beto = await confirmed(next.app, now, link.STRIPE_PAYMENT_LINK);
    const kept = await afterPage(next.app, ana.sessionId);
    expect(kept.status).toBe(200);
    expect(kept.recording).toBe(MATERIALS.RECORDING_URL);

    for (const at of [NEXT_START_MS - DAY, NEXT_START_MS - 60 * MINUTE]) {
      now = at;
      await next.sweep();
    }
    expect(await subjectsTo(ana.email)).toEqual([confirmation.subject, recordingMail.subject]);
    expect(await subjectsTo(beto.email)).toEqual([confirmation.subject, reminderMails.dayBefore.subject, reminderMails.hourBefore.subject]);

    // While the next edition runs, its buyer goes into the meeting; the earlier one keeps the after-page and recording.
    now = NEXT_START_MS + 5 * MINUTE;
    const live = await request(next.app).get(accessPathOf(beto.sessionId));
    expect([live.status, live.headers.location]).toEqual([303, MEETING_URL]);
    const during = await afterPage(next.app, ana.sessionId);
    expect(during.status).toBe(200);
    expect(during.heading).toBe(access.after.heading(ana.firstName));
    expect(during.recording).toBe(MATERIALS.RECORDING_URL);

    // The next edition's recording comes: its buyer's mail and page; the earlier buyer keeps the one announced to them.
    const recorded = instance({ ...NEXT, ...link, ...MATERIALS, RECORDING_URL: NEXT_RECORDING });
    now = journeyTimeline(NEXT_START_MS).endMs + 60 * MINUTE;
    await recorded.sweep();
    expect(await subjectsTo(beto.email)).toContain(recordingMail.subject);
    expect(await subjectsTo(ana.email)).toEqual([confirmation.subject, recordingMail.subject]);
    expect((await afterPage(recorded.app, ana.sessionId)).recording).toBe(MATERIALS.RECORDING_URL);
    expect((await afterPage(recorded.app, beto.sessionId)).recording).toBe(NEXT_RECORDING);

    // Until the earlier buyer's own window closes, not the next edition's.
    now = journeyTimeline(TEST_START_MS).recordingUntilMs + MINUTE;
    const closed = await afterPage(recorded.app, ana.sessionId);
    expect(closed.recording).toBeUndefined();
    expect(closed.main).toContain(access.after.recordingEnded);
    expect((await afterPage(recorded.app, beto.sessionId)).recording).toBe(NEXT_RECORDING);
  });

  it('a new date set under the old name once the workshop took place moves nothing: its buyers keep theirs, and get no mail', async () => {
    const ana = await earlierEdition();
    now = TEST_START_MS + 2 * DAY;
    const renamedNot = instance({ ...EARLIER, ...MATERIALS, WORKSHOP_START: NEXT.WORKSHOP_START, EARLY_BIRD_DEADLINE: NEXT.EARLY_BIRD_DEADLINE });
    await renamedNot.sweep();
    now = NEXT_START_MS - DAY;
    await renamedNot.sweep();
    expect(await subjectsTo(ana.email)).toEqual([confirmation.subject, recordingMail.subject]);
    now = NEXT_START_MS + 5 * MINUTE;
    expect((await request(renamedNot.app).get(accessPathOf(ana.sessionId))).status).toBe(200);
  });
});
