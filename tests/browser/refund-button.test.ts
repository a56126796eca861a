/**
 * The refund a new date entitles a buyer to, asked for as a buyer asks for it: in a real Chromium, with JavaScript and
 * without, on the real app served on loopback against the Stripe stand-in and a real SMTP server, at the test's own
 * instant. The personal link's button, the step, its form's POST (which the page's own policy must let through, and
 * which must say it comes from this site), which mails the purchase's address a link; that link's page and its one
 * button, whose POST refunds; one refund each, no console error or CSP violation, and no Referer that holds the
 * personal link's token or the link's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessChanges } from '../../shared/content/accessPageWords';
import { launchChromium } from '../../scripts/lib/harness';
import { openWatchedPage, unexpectedProblems } from '../helpers/browser';
import { accessPathOf, mailedRefundLink, markConfirmedFor, type Rig, startRig } from '../helpers/fulfilment';
import { runningFrom, type ServedApp, serveApp } from '../helpers/servedApp';
import { BEFORE_DEADLINE_MS, TEST_START_MS } from '../helpers/testApp';

const DAY = 86_400_000;
let rig: Rig;
let site: ServedApp;
let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  rig = await startRig();
  // Served where PUBLIC_URL says, as in production: a form posted from any other origin is refused.
  [site, browser] = await Promise.all([serveApp({ now: runningFrom(BEFORE_DEADLINE_MS), env: rig.env() }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await rig?.close();
});

/** A purchase this release confirmed for a date a week before the one in force: the date has moved since. */
async function movedPurchase(name: string): Promise<string> {
  const sessionId = rig.stripe.checkout.createSession('paid', {
    atMs: BEFORE_DEADLINE_MS - DAY,
    buyer: { name, email: `${name.toLowerCase()}@correo.example.org` },
  });
  await markConfirmedFor(rig, sessionId, TEST_START_MS - 7 * DAY);
  return sessionId;
}

describe('the refund button in a real browser', () => {
  it.each([
    ['with JavaScript', true, 'Ana'],
    ['without JavaScript', false, 'Bea'],
  ])('%s: button, step, the link mailed to the buyer, its one button, then the refund under way; one refund', async (_how, javaScriptEnabled, name) => {
    const sessionId = await movedPurchase(name);
    const refundsBefore = rig.stripe.checkout.refunds.refunds.length;
    const { context, page, problems } = await openWatchedPage(browser, { javaScriptEnabled });
    const sent: Promise<Record<string, string>>[] = [];
    page.on('request', (request) => void sent.push(request.allHeaders()));
    try {
      await page.goto(`${site.url}${accessPathOf(sessionId)}`);
      await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: accessChanges.change.refundCta }).click()]);
      expect(page.url()).toBe(`${site.url}${accessPathOf(sessionId)}/reembolso`);
      expect(await page.locator('h1').textContent()).toBe(accessChanges.confirm.heading);
      // The step's button mails the link (a refusal would be a 403 page): the personal link alone moves no money.
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: accessChanges.confirm.sendCta }).click()]);
      expect(await page.locator('h1').textContent()).toBe(accessChanges.mailSent.heading);
      expect(rig.stripe.checkout.refunds.refunds.length - refundsBefore).toBe(0);

      // The buyer opens the mailed link: one button, whose POST refunds.
      const email = `${name.toLowerCase()}@correo.example.org`;
      const link = (await mailedRefundLink(rig, email)) ?? '';
      await page.goto(`${site.url}${link}`);
      expect(await page.locator('h1').textContent()).toBe(accessChanges.link.heading);
      expect(rig.stripe.checkout.refunds.refunds.length - refundsBefore).toBe(0);
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: accessChanges.link.confirmCta }).click()]);
      expect(page.url()).toBe(`${site.url}${link}`);
      expect(await page.locator('h1').textContent()).toBe(accessChanges.started.heading(name));
      // The refund follows the answer, its writes to Stripe each in its lane's turn.
      await expect.poll(() => rig.stripe.checkout.refunds.refunds.length - refundsBefore, { timeout: 10_000 }).toBe(1);
      expect(unexpectedProblems(problems)).toEqual([]);
      // Each POST said it came from this site's origin, and no request carried the token or the code in a Referer.
      const headers = await Promise.all(sent);
      const posts = headers.filter((each) => each['content-type'] === 'application/x-www-form-urlencoded');
      expect(posts).toEqual([
        expect.objectContaining({ origin: site.url, referer: `${site.url}/` }),
        expect.objectContaining({ origin: site.url, referer: `${site.url}/` }),
      ]);
      const [token = '', code = ''] = [accessPathOf(sessionId).split('/')[2], link.split('/').at(-1)];
      expect(headers.filter((each) => each.referer?.includes(token) || each.referer?.includes(code))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
