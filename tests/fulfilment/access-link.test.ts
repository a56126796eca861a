/**
 * The buyer's personal link, /acceso/<token>, through the real app against the Stripe stand-in: its four states by
 * the app's clock (before it opens, the meeting, the materials, access ended), a forged token refused without a call
 * to Stripe, one read of Stripe per visit remembered at most a minute, and an address no cache, referrer, crawler or
 * log line keeps.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { access } from '../../shared/content/accessPageWords';
import { confirmation } from '../../shared/content/confirmationMailWords';
import { workshop } from '../../shared/content/siteFacts';
import { accessToken } from '../../server/fulfilment/pages/accessToken';
import { testApp, TEST_START_MS } from '../helpers/testApp';
import {
  ACCESS_SECRET,
  accessPathOf,
  accessUrlOf,
  asText,
  CITY_ROWS,
  CONTACT_EMAIL,
  MEETING_URL,
  MATERIALS,
  type Rig,
  START_IN_WORDS,
  startRig,
  veventOf,
} from '../helpers/fulfilment';
import { parseHtml, textOf } from '../helpers/html';
import { seriesValue } from '../helpers/seriesValue';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OPENS_MS = TEST_START_MS - 15 * MINUTE;
/** The workshop's end: start + 150 minutes. */
const END_MS = TEST_START_MS + 150 * MINUTE;
/** The last day of the recording: 30 calendar days after the workshop's date, in Mexico City (8 October 2025). */
const RECORDING_LAST_DAY = '7 de noviembre de 2025';

let rig: Rig;
let now = TEST_START_MS - DAY;
beforeEach(async () => {
  rig = await startRig();
  now = TEST_START_MS - DAY;
});
afterEach(async () => {
  await rig.close();
});

const instance = (env: Record<string, string> = {}) => testApp({ now: () => now, env: { ...rig.env(), ...env }, withMetrics: true });
const visit = (app: Parameters<typeof request>[0], path: string) => request(app).get(path).redirects(0);
const stripeCalls = () => rig.stripe.calls.length;
const privateAnswer = (res: request.Response) => {
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-robots-tag']).toBe('noindex');
};
const heading = (res: request.Response) => textOf(parseHtml(res.text).querySelector('h1'));

describe('the personal link in each of its states', () => {
  it('before it opens: the date and time in the cities, the calendar with the personal link, "el enlace se abre 15 minutos antes", no way in yet', async () => {
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid', { buyer: { name: 'Ana Sofía Ruiz', email: 'ana@correo.example.org' } });
    for (const at of [TEST_START_MS - 7 * DAY, OPENS_MS - 1]) {
      now = at;
      const res = await visit(app, accessPathOf(sessionId));
      expect(res.status).toBe(200);
      privateAnswer(res);
      expect(heading(res)).toBe(access.before.heading('Ana'));
      const doc = parseHtml(res.text);
      const main = textOf(doc.querySelector('main'));
      expect(main).toContain(START_IN_WORDS);
      expect([...doc.querySelectorAll('.thanks__cities li')].map(textOf)).toEqual(CITY_ROWS);
      expect(main).toContain(`${access.before.opensLead} miércoles 8 de octubre de 2025, 7:45 p. m. ${workshop.zoneLabel}.`);
      const google = new URL(doc.querySelector('a[href^="https://calendar.google.com/"]')?.getAttribute('href') ?? '');
      expect(google.searchParams.get('location')).toBe(accessUrlOf(sessionId));
      expect(doc.querySelector(`a[download="${confirmation.icsFileName}"]`)?.getAttribute('href')).toBe(`${accessPathOf(sessionId)}/invitacion.ics`);
      expect(doc.querySelector(`a[href="mailto:${CONTACT_EMAIL}"]`)).not.toBeNull();
      expect(res.text).not.toContain(MEETING_URL);
      expect(doc.querySelectorAll('script')).toHaveLength(0);
    }
    const invite = await request(app)
      .get(`${accessPathOf(sessionId)}/invitacion.ics`)
      .buffer(true)
      .parse(asText);
    expect(invite.status).toBe(200);
    privateAnswer(invite);
    const event = veventOf(invite.body as string);
    expect(event.getFirstPropertyValue('location')).toBe(accessUrlOf(sessionId));
    expect(invite.body as string).not.toContain(MEETING_URL);
  });

  it('from 15 minutes before the start until the end: a redirect to MEETING_URL, private, and a changed MEETING_URL is followed', async () => {
    const sessionId = rig.stripe.checkout.createSession('paid');
    for (const at of [OPENS_MS, TEST_START_MS + 60 * MINUTE, END_MS - 1]) {
      now = at;
      const res = await visit(instance().app, accessPathOf(sessionId));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(MEETING_URL);
      privateAnswer(res);
    }
    const moved = 'https://meet.google.com/xyz-uvwx-rst';
    const res = await visit(instance({ MEETING_URL: moved }).app, accessPathOf(sessionId));
    expect(res.headers.location).toBe(moved);
  });

  it('after the end: the recording until its last day and the materials, each as a link', async () => {
    now = END_MS;
    // Bought before the workshop: a payment after its end is refunded instead (after-the-end.test.ts).
    const sessionId = rig.stripe.checkout.createSession('paid', {
      buyer: { name: 'Lucía Pérez', email: 'lucia@correo.example.org' },
      atMs: TEST_START_MS - DAY,
    });
    const res = await visit(instance(MATERIALS).app, accessPathOf(sessionId));
    expect(res.status).toBe(200);
    privateAnswer(res);
    expect(heading(res)).toBe(access.after.heading('Lucía'));
    const doc = parseHtml(res.text);
    expect(doc.querySelector(`a[href="${MATERIALS.RECORDING_URL}"]`)?.textContent).toContain(access.after.recordingCta);
    expect(textOf(doc.querySelector('main'))).toContain(`${access.after.recordingUntil} ${RECORDING_LAST_DAY}.`);
    expect(doc.querySelector(`a[href="${MATERIALS.FORMULA_URL}"]`)?.textContent).toBe(access.after.materials.formula.cta);
    expect(doc.querySelector(`a[href="${MATERIALS.GPT_URL}"]`)?.textContent).toBe(access.after.materials.gpt.cta);
    expect(doc.querySelector(`a[href="${MATERIALS.HOOKS_URL}"]`)?.textContent).toBe(access.after.materials.hooks.cta);
    expect(res.text).not.toContain(access.after.comingSoon);
    expect(res.text).not.toContain(MEETING_URL);
  });

  it('after the end, a link the owner has not set says it comes by mail, never a dead link; past its last day the recording says it ended', async () => {
    const sessionId = rig.stripe.checkout.createSession('paid', { atMs: TEST_START_MS - DAY });
    now = END_MS + DAY;
    const bare = await visit(instance({ GPT_URL: MATERIALS.GPT_URL }).app, accessPathOf(sessionId));
    const doc = parseHtml(bare.text);
    expect([...doc.querySelectorAll('main a[target="_blank"]')].map((link) => link.getAttribute('href'))).toEqual([MATERIALS.GPT_URL]);
    expect(bare.text.split(access.after.comingSoon)).toHaveLength(4);
    now = Date.parse('2025-11-08T00:00:00-06:00');
    const ended = await visit(instance(MATERIALS).app, accessPathOf(sessionId));
    expect(textOf(parseHtml(ended.text).querySelector('main'))).toContain(`${access.after.recordingEnded} ${RECORDING_LAST_DAY}.`);
    expect(ended.text).not.toContain(MATERIALS.RECORDING_URL);
    expect(ended.text).toContain(MATERIALS.FORMULA_URL);
  });

  it.each(['refunded in full', 'disputed'] as const)('%s: access has ended, how to write to us; no redirect, no materials', async (how) => {
    const sessionId = rig.stripe.checkout.createSession('paid');
    if (how === 'disputed') rig.stripe.checkout.dispute(sessionId);
    else rig.stripe.checkout.refund(sessionId);
    for (const at of [TEST_START_MS - DAY, TEST_START_MS, END_MS + DAY]) {
      now = at;
      const res = await visit(instance(MATERIALS).app, accessPathOf(sessionId));
      expect(res.status).toBe(403);
      expect(res.headers.location).toBeUndefined();
      privateAnswer(res);
      expect(heading(res)).toBe(access.ended.heading);
      expect(parseHtml(res.text).querySelector(`a[href="mailto:${CONTACT_EMAIL}"]`)).not.toBeNull();
      for (const link of [MEETING_URL, ...Object.values(MATERIALS)]) expect(res.text).not.toContain(link);
    }
    expect((await visit(instance().app, `${accessPathOf(sessionId)}/invitacion.ics`)).status).toBe(403);
  });

  it('a partial refund keeps access; a purchase with nothing to pay (a 100 % code) has it too', async () => {
    now = TEST_START_MS;
    const partly = rig.stripe.checkout.createSession('paid');
    rig.stripe.checkout.refund(partly, 1000);
    const free = rig.stripe.checkout.createSession('free');
    for (const sessionId of [partly, free]) expect((await visit(instance().app, accessPathOf(sessionId))).headers.location).toBe(MEETING_URL);
  });

  it('a voucher not yet paid, another link, an open session, an unknown one: 404, never the meeting', async () => {
    now = TEST_START_MS;
    const sessions = [
      ...(['voucher', 'other_link', 'open'] as const).map((kind) => rig.stripe.checkout.createSession(kind)),
      'cs_test_a1B2c3D4e5F6g7H8i9J0unknown',
    ];
    for (const sessionId of sessions) {
      const res = await visit(instance().app, accessPathOf(sessionId));
      expect(res.status).toBe(404);
      expect(heading(res)).toBe(access.notFound.heading);
      expect(res.text).not.toContain(MEETING_URL);
    }
  });

  it('Stripe failing: 503 with Retry-After, try again in a minute, never the meeting', async () => {
    now = TEST_START_MS;
    const sessionId = rig.stripe.checkout.createSession('paid');
    rig.stripe.setFault('server_error');
    const res = await visit(instance().app, accessPathOf(sessionId));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    privateAnswer(res);
    expect(heading(res)).toBe(access.unavailable.heading);
    expect(res.text).not.toMatch(/Error|at .*\.ts|Stripe|cs_test_|meet\.google/);
  });
});

describe('a token the site did not make', () => {
  it('forged, altered, garbled or of another secret: 404, private, and no call to Stripe', async () => {
    now = TEST_START_MS;
    const { app } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    const token = accessToken(ACCESS_SECRET, sessionId);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const forged = [
      `${token.slice(0, -1)}${last}`,
      accessToken('another-secret-that-is-long-enough-0123456789', sessionId),
      `${rig.stripe.checkout.createSession('paid')}.${token.split('.')[1]}`,
      sessionId,
      'x',
      `${token}${token}`,
      `${token.replace('cs_test_', 'cs_live_')}`,
      encodeURIComponent('<script>alert(1)</script>'),
    ];
    const before = stripeCalls();
    for (const bad of forged) {
      const res = await visit(app, `/acceso/${bad}`);
      expect(res.status, bad).toBe(404);
      privateAnswer(res);
      expect(heading(res)).toBe(access.notFound.heading);
      expect((await visit(app, `/acceso/${bad}/invitacion.ics`)).status).toBe(404);
    }
    expect(stripeCalls()).toBe(before);
  });
});

describe('one read of Stripe per visit', () => {
  it('cold: one call; warm: none, for at most a minute; every answer counted, never the token', async () => {
    now = TEST_START_MS - DAY;
    const { app, metrics } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    const before = stripeCalls();
    expect((await visit(app, accessPathOf(sessionId))).status).toBe(200);
    expect(stripeCalls() - before).toBe(1);
    now += 59_000;
    expect((await visit(app, accessPathOf(sessionId))).status).toBe(200);
    expect((await visit(app, `${accessPathOf(sessionId)}/invitacion.ics`)).status).toBe(200);
    expect(stripeCalls() - before).toBe(1);
    now += 1_001;
    await visit(app, accessPathOf(sessionId));
    expect(stripeCalls() - before).toBe(2);
    const text = (await metrics?.registry.metrics()) ?? '';
    expect(seriesValue(text, 'taller_access_visits_total{outcome="before",source="stripe"}')).toBe(2);
    expect(seriesValue(text, 'taller_access_visits_total{outcome="before",source="memory"}')).toBe(2);
    expect(text).not.toContain(accessToken(ACCESS_SECRET, sessionId).split('.')[1]);
  });
});

describe('kept out of logs and caches', () => {
  it('the request log holds /acceso/[redacted], never the token, whatever the answer', async () => {
    now = TEST_START_MS;
    const { app, logs, raw } = instance();
    const sessionId = rig.stripe.checkout.createSession('paid');
    const token = accessToken(ACCESS_SECRET, sessionId);
    await visit(app, `/acceso/${token}`);
    await visit(app, `/acceso/${token}/invitacion.ics?x=1`);
    await visit(app, `/ACCESO/${token.split('.')[1]}`);
    await request(app).post(`/acceso/${token}`);
    expect(logs.filter((line) => line.event === 'request').map((line) => [line.path, line.status])).toEqual([
      ['/acceso/[redacted]', 303],
      ['/acceso/[redacted]/invitacion.ics?x=1', 200],
      ['/ACCESO/[redacted]', 404],
      ['/acceso/[redacted]', 405],
    ]);
    const text = raw.join('\n');
    expect(text).not.toContain(token.split('.')[1]);
    expect(text).not.toMatch(/cs_(test|live)_/);
    expect(text).not.toContain(MEETING_URL);
  });
});
