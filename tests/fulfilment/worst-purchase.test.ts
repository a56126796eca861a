/**
 * The purchase's record at Stripe within Stripe's metadata limits (server/fulfilment/records/purchaseRecord.ts): the
 * worst purchase, driven through the real app against the Stripe stand-in (which refuses what Stripe refuses), holds
 * few enough keys to leave room for what comes; and a write that would break a limit is refused before Stripe is asked,
 * its line naming the key.
 *
 * No one purchase can get every mail: a refund a buyer asked for ends its mails, a cancellation too, and the recording
 * goes only after a workshop that took place. So three purchases go the three ways, and the worst purchase is what all
 * three wrote (every kind of mail, three new dates, a refund request, a cancellation, an edition adopted, a confirmation
 * sent again from the owner's panel): a key written on any of them could be on one.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refundProof } from '../../server/fulfilment/pages/accessToken';
import { isoInWorkshopZone } from '../../shared/logic/schedule';
import { ACCESS_SECRET, accessPathOf, KEY, MATERIALS, mailedRefundLink, PUBLIC_URL, type Rig, startRig } from '../helpers/fulfilment';
import { ERROR } from '../helpers/logs';
import { fieldOf, OWNER_EMAIL, PANEL_SECRET, post, signedIn, visit } from '../helpers/panel';
import { TEST_START_MS, testApp } from '../helpers/testApp';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const EDITION = 'otono-2025';
const FIRST = TEST_START_MS;
/** The owner moves the workshop three times, a week each. */
const MOVES = [FIRST + 7 * DAY, FIRST + 14 * DAY, FIRST + 21 * DAY];
const LAST = MOVES[2] as number;
/** Stripe's most keys on an object (docs.stripe.com/metadata). */
const STRIPE_KEYS = 50;
/** The keys the worst purchase holds: the figure docs/fulfilment.md gives. */
const WORST = 19;
/** What the owner's page and the mails still to come may add, at the least. */
const ROOM = 25;

let rig: Rig;
let now = 0;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

const instance = (startMs: number, env: Record<string, string> = {}) =>
  testApp({ now: () => now, env: { ...rig.env(), EDITION, WORKSHOP_START: isoInWorkshopZone(startMs), ...env } });
const keysOf = (sessionId: string): string[] => Object.keys(rig.stripe.checkout.metadataOf(sessionId));
/** A purchase the last release confirmed, and reminded the day before, each part of a mark in a key of its own. */
async function confirmedByTheLastRelease(sessionId: string): Promise<void> {
  const at = new Date(FIRST - 20 * DAY).toISOString();
  const legacy = (prefix: string) => ({
    [`metadata[${prefix}]`]: 'sent',
    [`metadata[${prefix}_attempt]`]: '1',
    [`metadata[${prefix}_claim]`]: 'a1b2c3d4e5f6.0123456789abcdef01',
    [`metadata[${prefix}_at]`]: at,
  });
  const response = await fetch(`${rig.stripe.url}/v1/checkout/sessions/${sessionId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...legacy('taller_confirmation'), ...legacy('taller_reminder_day') }),
  });
  if (response.status !== 200) throw new Error(`the stand-in answered ${response.status}`);
}

describe("the worst purchase's record", () => {
  it(`every kind of mail, three new dates, a refund request, a cancellation, an edition adopted, a resend: ${WORST} keys, ${STRIPE_KEYS - WORST} left`, async () => {
    const paidAt = FIRST - 20 * DAY;
    const [asked, watched] = [0, 1].map((n) =>
      rig.stripe.checkout.createSession('paid', { atMs: paidAt + n * HOUR, buyer: { name: `Compradora${n} Prueba`, email: `c${n}@correo.example.org` } }),
    ) as [string, string];
    for (const sessionId of [asked, watched]) await confirmedByTheLastRelease(sessionId);

    // The upgrade adopts them into the edition in force; then the owner moves the date three times.
    now = FIRST - 10 * DAY;
    await instance(FIRST).sweep();
    for (const [n, startMs] of MOVES.entries()) {
      now = FIRST - 9 * DAY + n * DAY;
      await instance(startMs).sweep();
    }
    // The reminders of the last date.
    for (const moment of [LAST - DAY, LAST - HOUR]) {
      now = moment;
      await instance(LAST).sweep();
    }
    // One buyer asks for the refund the new date entitles them to; the other watches the recording.
    now = LAST - HOUR / 2;
    const atRefund = instance(LAST);
    const requested = await request(atRefund.app)
      .post(`${accessPathOf(asked)}/reembolso`)
      .type('form')
      .set('Origin', PUBLIC_URL)
      .send({ confirmacion: refundProof(ACCESS_SECRET, asked, LAST) });
    expect(requested.status).toBe(200);
    const link = (await mailedRefundLink(rig, 'c0@correo.example.org')) ?? '';
    const confirmed = await request(atRefund.app).post(link).type('form').set('Origin', PUBLIC_URL).send({ confirmar: 'si' });
    expect(confirmed.status).toBe(200);
    await atRefund.refundsSettled();
    now = LAST + DAY;
    await instance(LAST, MATERIALS).sweep();

    // The next edition sells, and its owner cancels it.
    const next = LAST + 30 * DAY;
    now = LAST + 2 * DAY;
    const cancelled = rig.stripe.checkout.createSession('paid', { atMs: now, buyer: { name: 'Compradora2 Prueba', email: 'c2@correo.example.org' } });
    await instance(next, { EDITION: 'invierno-2026' }).sweep();
    now = LAST + 3 * DAY;
    await instance(next, { EDITION: 'invierno-2026', WORKSHOP_CANCELLED: 'true' }).sweep();

    // Each went its way: the status of each mark is a bare word, as every release has written it.
    const statuses = (sessionId: string, ...keys: string[]) => keys.map((key) => rig.stripe.checkout.metadataOf(sessionId)[key]);
    const told = ['taller_confirmation', 'taller_date_change', 'taller_reminder_day', 'taller_reminder_hour'];
    expect(statuses(asked, ...told, 'taller_refund_mail', 'taller_refund', 'taller_edition')).toEqual([
      ...told.map(() => 'sent'),
      'sent',
      'date_change',
      EDITION,
    ]);
    expect(statuses(watched, ...told, 'taller_recording', 'taller_recording_url')).toEqual([...told.map(() => 'sent'), 'sent', MATERIALS.RECORDING_URL]);
    expect(statuses(cancelled, 'taller_confirmation', 'taller_cancellation', 'taller_refund')).toEqual(['sent', 'sent', 'cancelled']);
    // Three new dates, two reminders, the link that confirms the refund and the refund's mail; the same with the
    // recording's for the other; the confirmation and the cancellation.
    expect(rig.smtp.received).toHaveLength(7 + 6 + 2);
    // The owner sends the recording's buyer her confirmation again, from her panel.
    const owner = instance(LAST, { ...MATERIALS, PANEL_SECRET, OWNER_EMAIL });
    await owner.sweep();
    const jar = await signedIn(owner.app, rig);
    const page = await visit(owner.app, jar, '/panel');
    const resent = await post(owner.app, jar, '/panel/reenviar', {
      csrf: fieldOf(page.text, 'csrf'),
      compra: watched,
      pulsacion: fieldOf(page.text, 'pulsacion'),
    });
    expect(resent.headers.location).toBe(`/panel?aviso=sent&compra=${watched}`);
    expect(statuses(watched, 'taller_resend')[0]).toMatch(/^sent;/);

    const worst = new Set([asked, watched, cancelled].flatMap(keysOf));
    expect(worst.size).toBe(WORST);
    // The last release's keys for a mark's parts are gone: each mark it wrote was written again, packed.
    expect([...worst].filter((key) => /_(attempt|claim|at|for)$/.test(key))).toEqual([]);
    expect(STRIPE_KEYS - worst.size).toBeGreaterThanOrEqual(ROOM);
  });

  it('a write past 50 keys is refused before Stripe is asked: nothing is sent, and the line names the key', async () => {
    now = FIRST - 10 * DAY;
    // Someone else's integration filled the session with 49 keys of its own.
    const metadata = Object.fromEntries(Array.from({ length: 49 }, (_, n) => [`otra_clave_${n}`, 'x']));
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: now - DAY, metadata });
    const app = instance(FIRST);
    const posts = () => rig.stripe.calls.filter((call) => call.method === 'POST').length;
    await app.sweep();
    expect(posts()).toBe(0);
    expect(rig.smtp.received).toEqual([]);
    const [line, ...more] = app.logs.filter((entry) => entry.event === 'mail');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ kind: 'confirmation', outcome: 'stripe_unavailable' });
    expect(String(line?.cause)).toContain('taller_confirmation');
    expect(String(line?.cause)).toContain('Stripe takes 50');
    expect(app.logs.filter((entry) => entry.level >= ERROR)).toEqual([]);
    expect(keysOf(sessionId)).toHaveLength(49);
  });
});
