// Screenshots of the pricing section in the normal state, selling through the normal price's own Payment Link (12 of
// 40 places left, its price in pesos), at 390 px and 1280 px, JavaScript on and off, with Debian's Chromium. The
// built server reads both links from the Stripe stand-in, as `npm run dev:stripe` does; nothing leaves the machine.
// Usage: node scripts/generators/price-card-screenshots.ts [outDir]   (after npm run build)
import { mkdir } from 'node:fs/promises';
import { launchChromium, startBuiltServer } from '../lib/harness.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';

const out = process.argv[2] ?? '.artifacts/screenshots/price-card';
const KEY = 'rk_test_screenshotsonlynotarealkey';
const DAY = 86_400_000;
const widths = [390, 1280];

await mkdir(out, { recursive: true });
const stripe = await startStripeStandIn({ key: KEY, linkId: 'plink_1ScreenshotsEarlyBird', count: 30 });
const normal = stripe.addLink('plink_1ScreenshotsNormalPrice', {
  limit: 40,
  count: 28,
  price: { currency: 'usd', unitAmount: 9700, options: { mxn: 179_000 } },
});
const site = await startBuiltServer({
  CONTACT_EMAIL: 'hola@mi-marca.mx',
  STRIPE_SECRET_KEY: KEY,
  STRIPE_PAYMENT_LINK: 'plink_1ScreenshotsEarlyBird',
  STRIPE_API_URL: stripe.url,
  STRIPE_NORMAL_PAYMENT_LINK: normal.id,
  NORMAL_CHECKOUT_URL: 'https://buy.stripe.com/test_normalprice',
  EARLY_BIRD_DEADLINE: new Date(Date.now() - DAY).toISOString(),
  WORKSHOP_START: new Date(Date.now() + 20 * DAY).toISOString(),
});
const browser = await launchChromium();
try {
  for (const javaScriptEnabled of [true, false]) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.goto(`${site.url}/#precios`, { waitUntil: 'networkidle' });
      const section = page.locator('#precios');
      await section.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const file = `${out}/price-card-normal-${width}-${javaScriptEnabled ? 'js' : 'nojs'}.png`;
      await section.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await site.stop();
  await stripe.close();
}
