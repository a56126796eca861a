/**
 * The seller's page as she uses it, in a real Chromium on the built server against the Stripe stand-in and a real SMTP
 * server, with JavaScript and without (the panel has none to need): the button, the mailed link and its one button,
 * her sale, a search, a confirmation sent again, a new date's preview with the buyer's mail inside it, the mailed code,
 * the change waiting with *Deshacer*, and *Deshacer*. Each page with no console error, no CSP violation (the mail's own
 * styles included), and no axe violation (WCAG 2.2 A and AA, best practices) at 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launchChromium, type RunningServer, startServer, waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { panel, panelChanges } from '../../shared/content/panelWords';
import { describeViolations, runAxe } from '../helpers/axe';
import { cspViolationsOf, openWatchedPage, unexpectedProblems, type WatchedPage } from '../helpers/browser';
import { type Rig, startRig } from '../helpers/fulfilment';
import { linkOf, OWNER_EMAIL, ownerMails, PANEL_SECRET } from '../helpers/panel';

const DAY = 86_400_000;
const START_MS = Date.now() + 30 * DAY;
let rig: Rig;
let server: RunningServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  rig = await startRig();
  for (const [n, [name, email]] of [
    ['Mariana Navegador', 'mariana@correo.example.org'],
    ['Sofía Navegador', 'sofia@correo.example.org'],
  ].entries()) {
    rig.stripe.checkout.createSession('paid', { atMs: Date.now() - (n + 1) * DAY, buyer: { name: name ?? '', email: email ?? '' } });
  }
  // Served where PUBLIC_URL says, as in production: a form's Origin is the site's.
  const port = await freePort();
  [server, browser] = await Promise.all([
    startServer({
      port,
      env: {
        ...rig.env(),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        WORKSHOP_START: new Date(START_MS).toISOString(),
        EARLY_BIRD_DEADLINE: new Date(START_MS - 7 * DAY).toISOString(),
        SWEEP_SECONDS: '10',
        PANEL_SECRET,
        OWNER_EMAIL,
      },
    }),
    launchChromium(),
  ]);
  // The first sweep confirms both buyers; the next one lists them confirmed, as a change's preview reads them.
  await waitUntil('the first sweep', () => rig.smtp.received.length >= 2, WAIT_BOUND_MS);
  const confirmedAt = Date.now();
  const listedSince = () =>
    rig.stripe.calls.some(({ method, path, atMs }) => method === 'GET' && path.startsWith('/v1/checkout/sessions?') && atMs > confirmedAt);
  await waitUntil('a sweep listing both buyers confirmed', listedSince, WAIT_BOUND_MS);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rig?.close();
});

/** Submits the page's form whose button is named so, and waits for the next page. */
async function press(page: Page, name: string): Promise<void> {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name, exact: true }).first().click()]);
}

/** The owner's last mail, once it arrives. */
async function lastOwnerMail(count: number) {
  await waitUntil('a mail to the owner', async () => (await ownerMails(rig)).length >= count, WAIT_BOUND_MS);
  return (await ownerMails(rig)).at(-1);
}

/**
 * Her way through the panel in one tab per way of browsing, a step a test (each step starts where the last one left
 * her): with JavaScript, where axe and the CSP probe run on each page she reaches, and without, as a phone with it off.
 */
describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('/panel in a real browser, %s', (_how, javaScriptEnabled) => {
  let tab: WatchedPage;
  const seen: string[] = [];
  beforeAll(async () => {
    tab = await openWatchedPage(browser, { javaScriptEnabled, viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await tab?.context.close();
  });
  /** Axe on each page she reaches (in the context with JavaScript, which the panel does not use), its CSP violations. */
  const check = async (): Promise<void> => {
    if (!javaScriptEnabled) return;
    seen.push(...(await cspViolationsOf(tab.page)));
    const results = await runAxe(tab.page);
    expect(describeViolations(results.violations), tab.page.url()).toEqual([]);
  };

  it('signs in: the one button, the mailed link, its one button', async () => {
    const { page } = tab;
    const mails = (await ownerMails(rig)).length;
    await page.goto(`${server.url}/panel`);
    await check();
    await press(page, panel.signedOut.cta);
    expect(await page.locator('h1').textContent()).toBe(panel.linkSent.heading);
    await page.goto(linkOf(await lastOwnerMail(mails + 1)));
    await press(page, panel.confirm.cta);
    expect(page.url()).toBe(`${server.url}/panel`);
    await check();
  });

  it('finds a buyer and sends her confirmation again, to her alone', async () => {
    const { page } = tab;
    await page.getByLabel(panel.buyers.searchLabel).fill('sofia');
    await press(page, panel.buyers.searchCta);
    expect(await page.getByText('sofia@correo.example.org').count()).toBe(1);
    expect(await page.getByText('mariana@correo.example.org').count()).toBe(0);
    const sent = rig.smtp.received.length;
    await press(page, panel.buyers.resend);
    expect(await page.getByRole('status').first().textContent()).toBe(panel.resend.done('Sofía Navegador'));
    expect(rig.smtp.received.slice(sent).map((mail) => mail.to)).toEqual([['sofia@correo.example.org']]);
    await check();
  });

  it("previews a new date with the buyer's mail inside, and confirms it with the mailed code", async () => {
    const { page } = tab;
    const codes = (await ownerMails(rig)).length;
    await page.getByLabel(panelChanges.date.label).fill(new Date(START_MS + 7 * DAY - 6 * 3_600_000).toISOString().slice(0, 16));
    await press(page, panelChanges.date.cta);
    expect(await page.locator('h1').textContent()).toBe(panelChanges.preview.heading);
    expect(await page.locator('.panel__sample').count()).toBe(1);
    await check();
    const code = /(\d{6})$/.exec((await lastOwnerMail(codes + 1))?.subject ?? '')?.[1] ?? '';
    await page.getByLabel(panelChanges.preview.codeLabel).fill(code);
    await press(page, panelChanges.preview.confirm);
    expect(page.url()).toBe(`${server.url}/panel?aviso=programado`);
    expect(await page.getByRole('heading', { name: panelChanges.underWay.heading }).count()).toBe(1);
    await check();
  });

  it('undoes it with Deshacer, and signs out', async () => {
    const { page, problems } = tab;
    await press(page, panelChanges.underWay.undo);
    expect(await page.getByRole('status').first().textContent()).toBe(panelChanges.notices.undone);
    await press(page, panel.signOut);
    expect(await page.getByRole('button', { name: panel.signedOut.cta }).count()).toBe(1);
    expect(seen).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
