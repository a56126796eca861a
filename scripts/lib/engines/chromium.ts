/** Debian's Chromium through playwright-core, as every other browser test drives it. */
import { launchChromium } from '../harness.ts';
import { type Engine, PHONE, pageOf } from './engine.ts';
import { probeSource } from './probe.ts';
import { WAIT_BOUND_MS } from '../testBudget.ts';

export async function chromiumEngine(): Promise<Engine> {
  const browser = await launchChromium();
  return {
    name: 'chromium',
    width: PHONE.width,
    async open(origin, { javaScript, clock = false, viewport = PHONE }) {
      const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport });
      // A page that never loads fails its test saying so, before the test's own timeout.
      context.setDefaultTimeout(WAIT_BOUND_MS);
      // Lets the test read the clipboard back; the page's own write, from a click, needs no grant.
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      await context.addInitScript({ content: await probeSource({ clock }) });
      const page = await context.newPage();
      const reported: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') reported.push(`${page.url()}: console: ${message.text()}`);
      });
      page.on('pageerror', (error) => reported.push(`${page.url()}: ${error.message}`));
      return pageOf(origin, {
        navigate: async (url) => void (await page.goto(url)),
        run: (expression) => page.evaluate(expression),
        click: (selector) => page.click(selector),
        takeReported: () => reported.splice(0),
        screenshot: () => page.screenshot({ fullPage: true }),
        close: () => context.close(),
      });
    },
    close: () => browser.close(),
  };
}
