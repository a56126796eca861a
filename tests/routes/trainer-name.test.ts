/**
 * TRAINER_NAME is the one place the trainer's name is given: the landing page, its JSON-LD, the terms, the public
 * calendar file, and the confirmation mail with its invite all name her from it, and none keeps the made-up name.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../server/config/settings';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';
import { parseHtml, textOf } from '../helpers/html';
import { asText, deliver, parsedMails, type Rig, signed, startRig, veventOf, waitForMails } from '../helpers/fulfilment';

const NAME = 'Lucía Ramírez Ejemplo';
const PLACEHOLDER = DEFAULTS.TRAINER_NAME;

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

describe("the trainer's name", () => {
  it('is TRAINER_NAME on the landing page, in its JSON-LD, in the terms and in the public calendar file', async () => {
    const { app } = testApp({ now: BEFORE_DEADLINE_MS, env: { TRAINER_NAME: NAME } });
    const landing = await request(app).get('/');
    const doc = parseHtml(landing.text);
    expect(textOf(doc.querySelector('.hero__proof strong'))).toBe(NAME);
    expect(textOf(doc.querySelector('#sobre-mi h2'))).toBe(NAME);
    const jsonLd = JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as Record<string, { name: string }>;
    expect([jsonLd.performer?.name, jsonLd.organizer?.name]).toEqual([NAME, NAME]);
    const terms = await request(app).get('/terminos');
    expect(textOf(parseHtml(terms.text).querySelector('main'))).toContain(`lo imparte ${NAME} y lo vende`);
    const ics = await request(app).get('/taller-marca-autoridad.ics').buffer(true).parse(asText);
    expect(
      veventOf(ics.body as string)
        .getFirstProperty('organizer')
        ?.getParameter('cn'),
    ).toBe(NAME);
    for (const body of [landing.text, terms.text, ics.body as string]) expect(body).not.toContain(PLACEHOLDER);
  });

  it('signs the confirmation mail and organises its invite', async () => {
    const { app } = testApp({ now: BEFORE_DEADLINE_MS, env: { ...rig.env(), MAIL_FROM: 'Taller <taller@taller.example.org>', TRAINER_NAME: NAME } });
    const sessionId = rig.stripe.checkout.createSession('paid');
    expect((await deliver(app, signed(rig, 'checkout.session.completed', sessionId, BEFORE_DEADLINE_MS))).status).toBe(200);
    await waitForMails(rig, 1);
    const [mail] = await parsedMails(rig);
    expect(mail?.text).toContain(NAME);
    expect(mail?.html).toContain(NAME);
    const invite = mail?.attachments.find((attachment) => attachment.filename?.endsWith('.ics'));
    expect(
      veventOf(invite?.content.toString('utf8') ?? '')
        .getFirstProperty('organizer')
        ?.getParameter('cn'),
    ).toBe(NAME);
    expect(`${mail?.text}${mail?.html}${invite?.content.toString('utf8')}`).not.toContain(PLACEHOLDER);
  });
});
