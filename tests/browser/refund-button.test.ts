/**
 * The refund a new date entitles a buyer to, asked for as a buyer asks for it: in a real Chromium, with JavaScript and
 * without, on the built server against the Stripe stand-in. The personal link's button, the confirmation step, its
 * form's POST (which the page's own policy must let through, and which must say it comes from this site), then the
 * personal link again, saying how the money comes back; one refund each, no console error or CSP violation, and no
 * Referer that holds the personal link's token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessChanges } from '../../shared/content/accessPageWords';
import { freePort, launchChromium, type RunningServer, startServer } from '../../scripts/lib/harness';
import { openWatchedPage, unexpectedProblems } from '../helpers/browser';
import { accessPathOf, markConfirmedFor, type Rig, startRig } from '../helpers/fulfilment';

const DAY = 86_400_000;
const START = new Date(Date.now() + 30 * DAY).toISOString();
let rig: Rig;
let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  rig = await startRig();
  // Served where PUBLIC_URL says, as in production: a form posted from any other origin is refused.
  const port = await freePort();
  [server, browser] = await Promise.all([
    startServer({ port, env: { ...rig.env(), PUBLIC_URL: `http://127.0.0.1:${port}`, WORKSHOP_START: START } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rig?.close();
});

/** A purchase this release confirmed for a date a week before the one in force: the date has moved since. */
async function movedPurchase(name: string): Promise<string> {
  const sessionId = rig.stripe.checkout.createSession('paid', { atMs: Date.now() - DAY, buyer: { name, email: `${name.toLowerCase()}@correo.example.org` } });
  await markConfirmedFor(rig, sessionId, Date.parse(START) - 7 * DAY);
  return sessionId;
}

describe('the refund button in a real browser', () => {
  it.each([
    ['with JavaScript', true, 'Ana'],
    ['without JavaScript', false, 'Bea'],
  ])('%s: button, confirmation step, POST, then the personal link says so; one refund', async (_how, javaScriptEnabled, name) => {
    const sessionId = await movedPurchase(name);
    const refundsBefore = rig.stripe.checkout.refunds.refunds.length;
    const { context, page, problems } = await openWatchedPage(browser, { javaScriptEnabled });
    const sent: Promise<Record<string, string>>[] = [];
    page.on('request', (request) => void sent.push(request.allHeaders()));
    try {
      await page.goto(`${server.url}${accessPathOf(sessionId)}`);
      await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: accessChanges.change.refundCta }).click()]);
      expect(page.url()).toBe(`${server.url}${accessPathOf(sessionId)}/reembolso`);
      expect(await page.locator('h1').textContent()).toBe(accessChanges.confirm.heading);
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: accessChanges.confirm.confirmCta }).click()]);
      // The POST was taken (a refusal would stay at the form's address, a 403), and led back to the personal link.
      expect(page.url()).toBe(`${server.url}${accessPathOf(sessionId)}`);
      expect(await page.locator('h1').textContent()).toBe(accessChanges.withdrawn.heading(name));
      expect(rig.stripe.checkout.refunds.refunds.length - refundsBefore).toBe(1);
      expect(unexpectedProblems(problems)).toEqual([]);
      // The POST said it came from this site's origin, and no request carried the personal link's token in a Referer.
      const headers = await Promise.all(sent);
      const post = headers.find((each) => each['content-type'] === 'application/x-www-form-urlencoded');
      expect(post).toMatchObject({ origin: server.url, referer: `${server.url}/` });
      const token = accessPathOf(sessionId).split('/')[2] ?? '';
      expect(headers.filter((each) => each.referer?.includes(token))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
