// Screenshots of what a buyer sees after the checkout: /gracias in each state, and the confirmation mail's HTML
// part as a mail client shows it, at 390 px and 1280 px, with Debian's Chromium. The built server runs with the
// Stripe stand-in and a local SMTP server, as `npm run dev:stripe` does; nothing leaves the machine.
// Usage: node scripts/generators/fulfilment-screenshots.ts [outDir]   (after npm run build)
import { mkdir } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { launchChromium, startBuiltServer, waitUntil } from '../lib/harness.ts';
import { startSmtpStandIn } from '../lib/smtpStandIn.ts';
import { deliver, sessionEvent, signedEvent } from '../lib/stripeCheckoutStandIn.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';

const out = process.argv[2] ?? '.artifacts/screenshots/fulfilment';
const KEY = 'rk_test_screenshotsonlynotarealkey';
const LINK = 'plink_1ScreenshotsEarlyBird';
const WEBHOOK_SECRET = 'whsec_screenshotsonlynotarealsecret';
const widths = [390, 1280];

await mkdir(out, { recursive: true });
const stripe = await startStripeStandIn({ key: KEY, linkId: LINK });
const smtp = await startSmtpStandIn();
const server = await startBuiltServer({
  CONTACT_EMAIL: 'hola@mi-marca.mx',
  STRIPE_SECRET_KEY: KEY,
  STRIPE_PAYMENT_LINK: LINK,
  STRIPE_API_URL: stripe.url,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  SMTP_URL: smtp.url(),
  MAIL_FROM: 'Valeria Montes <hola@mi-marca.mx>',
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  WORKSHOP_START: '2027-01-20T20:00:00-06:00',
  EARLY_BIRD_DEADLINE: '2026-12-31T23:59:59-06:00',
});
const browser = await launchChromium();
try {
  const paid = stripe.checkout.createSession('paid');
  const session = stripe.checkout.session(paid);
  if (session) await deliver(`${server.url}/webhooks/stripe`, signedEvent(sessionEvent('checkout.session.completed', session), WEBHOOK_SECRET));
  await waitUntil('the confirmation mail', () => smtp.received.length > 0, 5_000);
  const mail = await simpleParser(smtp.received[0]?.raw ?? Buffer.alloc(0));
  const states: [string, string | null][] = [
    ['gracias-paid', paid],
    ['gracias-pending', stripe.checkout.createSession('voucher')],
    ['gracias-not-found', stripe.checkout.createSession('other_link')],
    ['gracias-unavailable', stripe.checkout.createSession('paid')],
    ['mail', null],
  ];
  for (const width of widths) {
    for (const [name, sessionId] of states) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      if (sessionId === null) await page.setContent(typeof mail.html === 'string' ? mail.html : '');
      else {
        stripe.setFault(name === 'gracias-unavailable' ? 'server_error' : null);
        await page.goto(`${server.url}/gracias?session_id=${sessionId}`);
      }
      const file = `${out}/${name}-${width}.png`;
      // The footer is drawn only near the viewport (content-visibility): the viewport grows to the whole page first.
      await page.setViewportSize({ width, height: Math.ceil(await page.evaluate(() => document.documentElement.getBoundingClientRect().height)) });
      await page.waitForTimeout(200);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await stripe.close();
  await smtp.close();
}
