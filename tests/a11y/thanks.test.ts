/**
 * axe-core in a real Chromium on the page after the checkout and the personal link, served by the built server
 * against the Stripe stand-in: each state a buyer can meet, at a phone's and a desktop's width. The pages have no
 * script, so JavaScript on or off shows the same. Zero violations, and nothing left for review.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../server/config/settings';
import { access, accessChanges } from '../../shared/content/accessPageWords';
import { thanks } from '../../shared/content/thanksPageWords';
import { type RunningServer, sellingEnv, startBuiltServer } from '../../scripts/lib/harness';
import { describeViolations, runAxe, scrollThrough } from '../helpers/axe';
import { fileChromium, keptPages } from '../helpers/browser';
import { accessPathOf, mailedRefundLink, markConfirmedFor, type Rig, startRig } from '../helpers/fulfilment';

/**
 * Each server its own Stripe: the sale's settings are kept at Stripe (server/sale/liveSale.ts), so instances of one
 * link share one sale, and a cancelled one would cancel the others'.
 */
let rig: Rig;
let pastRig: Rig;
let cancelledRig: Rig;
/** The workshop a week past: the personal link shows the materials. */
let server: RunningServer;
/** The workshop a month ahead: the personal link shows when and how to join. */
let ahead: RunningServer;
/** The same, cancelled by the owner. */
let cancelled: RunningServer;
const AHEAD_START = new Date(Date.now() + 30 * 86_400_000).toISOString();
const kept = keptPages();
beforeAll(async () => {
  // Chromium starts while the servers do; a failed launch fails each test, which awaits it.
  fileChromium().catch(() => undefined);
  [rig, pastRig, cancelledRig] = await Promise.all([startRig(), startRig(), startRig()]);
  [server, ahead, cancelled] = await Promise.all([
    startBuiltServer({ ...pastRig.env(), ...sellingEnv(-8 * 86_400_000, -7 * 86_400_000) }),
    startBuiltServer({ ...rig.env(), WORKSHOP_START: AHEAD_START }),
    startBuiltServer({ ...cancelledRig.env(), WORKSHOP_START: AHEAD_START, WORKSHOP_CANCELLED: 'true' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await ahead?.stop();
  await cancelled?.stop();
  await Promise.all([rig?.close(), pastRig?.close(), cancelledRig?.close()]);
});

/** A document served with an error status makes Chromium log one "Failed to load resource" line for it. */
const expectedFor = (status: number): string[] => (status === 200 ? [] : [`the server responded with a status of ${status}`]);

async function checkAt(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  await scrollThrough(page);
  const results = await runAxe(page);
  expect(results.passes.length).toBeGreaterThan(10);
  expect(describeViolations(results.violations)).toEqual([]);
  expect(results.incomplete.flatMap((rule) => rule.nodes.map((node) => `${rule.id} ${node.target.join(' ')}`))).toEqual([]);
}

describe('zero violations on /gracias', () => {
  it.each([
    ['paid', 'paid', 200, 'Tu lugar está confirmado'],
    ['paid after the end, refunded', 'late', 200, thanks.late.heading],
    ['a voucher not yet paid', 'voucher', 200, thanks.pending.heading],
    ['a voucher expired unpaid', 'expired', 200, thanks.expired.heading],
    ['not ours', 'other_link', 404, thanks.notFound.heading],
    ['Stripe unavailable', 'paid', 503, thanks.unavailable.heading],
  ] as const)('%s, at 390 and 1280 px', async (_state, kind, status, heading) => {
    const { page } = await kept.page({ expected: expectedFor(status) });
    const on = kind === 'late' ? pastRig : rig;
    const sessionId = on.stripe.checkout.createSession(kind === 'expired' ? 'voucher' : kind === 'late' ? 'paid' : kind);
    if (kind === 'expired') on.stripe.checkout.expireVoucher(sessionId);
    on.stripe.setFault(status === 503 ? 'server_error' : null);
    // Bought now: a buyer's before the workshop, and after it (the default dates, long past) a payment refunded.
    const response = await page.goto(`${kind === 'late' ? server.url : ahead.url}/gracias?session_id=${sessionId}`);
    on.stripe.setFault(null);
    expect(response?.status()).toBe(status);
    expect(await page.locator('h1').textContent()).toContain(heading);
    for (const width of [390, 1280]) await checkAt(page, width);
  });
});

describe('zero violations on the personal link', () => {
  it.each([
    ['before it opens', 'paid', 200, access.before.heading('Ana')],
    ['after the workshop', 'paid', 200, access.after.heading('Ana')],
    ['access ended', 'refunded', 403, access.ended.heading],
    ['a link the site did not make', 'forged', 404, access.notFound.heading],
  ] as const)('%s, at 390 and 1280 px', async (state, kind, status, heading) => {
    const { page } = await kept.page({ expected: expectedFor(status) });
    // Bought before the workshop (a payment after its end is refunded instead).
    const [origin, on] = state === 'before it opens' ? [ahead.url, rig] : [server.url, pastRig];
    const sessionId = on.stripe.checkout.createSession('paid', { atMs: Date.parse(DEFAULTS.WORKSHOP_START) - 86_400_000 });
    if (kind === 'refunded') on.stripe.checkout.refund(sessionId);
    const response = await page.goto(`${origin}${accessPathOf(sessionId)}${kind === 'forged' ? 'x' : ''}`);
    expect(response?.status()).toBe(status);
    expect(await page.locator('h1').textContent()).toContain(heading);
    for (const width of [390, 1280]) await checkAt(page, width);
  });
});

/** A purchase this release confirmed for a start a week before the one in force: the date has moved since. */
async function confirmedForAnEarlierDate(email = 'ana@correo.example.org', on = rig): Promise<string> {
  const sessionId = on.stripe.checkout.createSession('paid', { atMs: Date.now() - 86_400_000, buyer: { name: 'Ana Ruiz', email } });
  await markConfirmedFor(on, sessionId, Date.parse(AHEAD_START) - 7 * 86_400_000);
  return sessionId;
}

describe('zero violations after a change', () => {
  it.each([
    ['a new date, with its refund', '', () => ahead, 200, accessChanges.change.title],
    ["the refund's confirmation step", '/reembolso', () => ahead, 200, accessChanges.confirm.heading],
    ['a cancellation', '', () => cancelled, 200, accessChanges.cancelled.heading('Ana')],
  ] as const)('%s, at 390 and 1280 px', async (_state, suffix, running, status, heading) => {
    const { page } = await kept.page({ expected: expectedFor(status) });
    const on = running() === cancelled ? cancelledRig : rig;
    const response = await page.goto(`${running().url}${accessPathOf(await confirmedForAnEarlierDate(undefined, on))}${suffix}`);
    expect(response?.status()).toBe(status);
    expect(await page.locator('main').textContent()).toContain(heading);
    for (const width of [390, 1280]) await checkAt(page, width);
  });
});

describe("zero violations on the refund's way through the mailbox", () => {
  it("the answer that the link went, the mailed link's page, and the answer to its button, at 390 and 1280 px", async () => {
    const { page } = await kept.page();
    const email = 'bea@correo.example.org';
    await page.goto(`${ahead.url}${accessPathOf(await confirmedForAnEarlierDate(email))}/reembolso`);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: accessChanges.confirm.sendCta }).click()]);
    expect(await page.locator('h1').textContent()).toBe(accessChanges.mailSent.heading);
    for (const width of [390, 1280]) await checkAt(page, width);
    await page.goto(`${ahead.url}${(await mailedRefundLink(rig, email)) ?? ''}`);
    expect(await page.locator('h1').textContent()).toBe(accessChanges.link.heading);
    for (const width of [390, 1280]) await checkAt(page, width);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: accessChanges.link.confirmCta }).click()]);
    expect(await page.locator('h1').textContent()).toBe(accessChanges.started.heading('Ana'));
    for (const width of [390, 1280]) await checkAt(page, width);
  });
});
