// Screenshots of what a buyer sees after the checkout: /gracias in each state (a voucher's, pending and expired, and a
// payment after the end, too), the personal link in each of its
// pages (before it opens, after the workshop with and without the materials, access ended, an unknown link), and each
// mail's HTML part as a mail client shows it, at 390 px and 1280 px, with Debian's Chromium. Built servers run with
// the Stripe stand-in and a local SMTP server, as `npm run dev:stripe` does, each with a WORKSHOP_START that puts
// the journey where the picture needs it; nothing leaves the machine.
// Usage: node scripts/generators/fulfilment-screenshots.ts [outDir]   (after npm run build)
import { mkdir } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { launchChromium, type RunningServer, startBuiltServer, waitUntil } from '../lib/harness.ts';
import { startSmtpStandIn } from '../lib/smtpStandIn.ts';
import { deliver, sessionEvent, signedEvent } from '../lib/stripeCheckoutStandIn.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';

const out = process.argv[2] ?? '.artifacts/screenshots/fulfilment';
const KEY = 'rk_test_screenshotsonlynotarealkey';
const LINK = 'plink_1ScreenshotsEarlyBird';
const WEBHOOK_SECRET = 'whsec_screenshotsonlynotarealsecret';
const HOUR = 3_600_000;
const widths = [390, 1280];
const MATERIALS = {
  RECORDING_URL: 'https://videos.example.org/grabacion-del-taller',
  FORMULA_URL: 'https://archivos.example.org/formula.pdf',
  GPT_URL: 'https://chatgpt.com/g/g-taller-marca',
  HOOKS_URL: 'https://archivos.example.org/50-ganchos',
};

await mkdir(out, { recursive: true });
const stripe = await startStripeStandIn({ key: KEY, linkId: LINK });
const smtp = await startSmtpStandIn();
/** The built server with the buyer's mails on, the workshop starting `startInMs` from now. */
const site = (startInMs: number, env: Record<string, string> = {}): Promise<RunningServer> =>
  startBuiltServer({
    CONTACT_EMAIL: 'hola@mi-marca.mx',
    STRIPE_SECRET_KEY: KEY,
    STRIPE_PAYMENT_LINK: LINK,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SMTP_URL: smtp.url(),
    MAIL_FROM: 'Valeria Montes <hola@mi-marca.mx>',
    MEETING_URL: 'https://meet.google.com/abc-defg-hij',
    ACCESS_SECRET: 'screenshots-only-not-a-real-access-secret',
    WORKSHOP_START: new Date(Date.now() + startInMs).toISOString(),
    EARLY_BIRD_DEADLINE: new Date(Date.now() + startInMs - 48 * HOUR).toISOString(),
    ...env,
  });

/** Each page's screenshot at each width: a URL to open, or a mail's HTML to show as its client would. */
async function shoot(browser: Browser, shots: [name: string, target: { url: string } | { html: string }, fault?: boolean][]): Promise<void> {
  for (const width of widths) {
    for (const [name, target, fault] of shots) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      stripe.setFault(fault ? 'server_error' : null);
      if ('html' in target) await page.setContent(target.html);
      else await page.goto(target.url);
      const file = `${out}/${name}-${width}.png`;
      // The footer is drawn only near the viewport (content-visibility): the viewport grows to the whole page first.
      await page.setViewportSize({ width, height: Math.ceil(await page.evaluate(() => document.documentElement.getBoundingClientRect().height)) });
      await page.waitForTimeout(200);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
  stripe.setFault(null);
}

/** The mails that reached the SMTP server so far, by kind: their Message-ID's first word (confirmacion, grabacion…). */
const mailsByKind = async (): Promise<Map<string, string>> =>
  new Map(
    (await Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)))).map((mail) => [
      /^<([a-z-]+)-[0-9a-f]+@/.exec(mail.messageId ?? '')?.[1] ?? 'mail',
      typeof mail.html === 'string' ? mail.html : '',
    ]),
  );

const servers: RunningServer[] = [];
const browser = await launchChromium();
try {
  // Before the workshop: a paid buyer, confirmed by the webhook a day and a minute before the start, so that the
  // first sweep sends the day's reminder too; an hour later, another server sends the hour's.
  const before = await site(24 * HOUR - 60_000);
  servers.push(before);
  const paid = stripe.checkout.createSession('paid', { atMs: Date.now() - HOUR });
  const session = stripe.checkout.session(paid);
  if (session) await deliver(`${before.url}/webhooks/stripe`, signedEvent(sessionEvent('checkout.session.completed', session), WEBHOOK_SECRET));
  await waitUntil('the confirmation and the day before', () => smtp.received.length >= 2, 15_000);
  /** A purchase's personal link, as its /gracias shows it. */
  const accessPathOf = async (sessionId: string): Promise<string> =>
    /\/acceso\/[A-Za-z0-9_.-]+/.exec(await (await fetch(`${before.url}/gracias?session_id=${sessionId}`)).text())?.[0] ?? '/acceso/none';
  const accessPath = await accessPathOf(paid);
  const refunded = stripe.checkout.createSession('paid');
  const refundedPath = await accessPathOf(refunded);
  stripe.checkout.refund(refunded);
  // Another instance, which has not just read that purchase, for the page once it is refunded.
  const hour = await site(59 * 60_000);
  servers.push(hour);
  const after = await site(-3 * HOUR, MATERIALS);
  servers.push(after);
  const bare = await site(-3 * HOUR);
  servers.push(bare);
  const expired = stripe.checkout.createSession('voucher');
  stripe.checkout.expireVoucher(expired);
  // Paid half an hour after the workshop ended: refunded, with its own mail.
  const late = stripe.checkout.createSession('paid');
  const lateSession = stripe.checkout.session(late);
  if (lateSession) await deliver(`${after.url}/webhooks/stripe`, signedEvent(sessionEvent('checkout.session.completed', lateSession), WEBHOOK_SECRET));
  let mails = new Map<string, string>();
  await waitUntil(
    'the five kinds of mail',
    async () => {
      mails = await mailsByKind();
      return mails.size >= 5;
    },
    20_000,
    250,
  );
  await shoot(browser, [
    ['gracias-paid', { url: `${before.url}/gracias?session_id=${paid}` }],
    ['gracias-pending', { url: `${before.url}/gracias?session_id=${stripe.checkout.createSession('voucher')}` }],
    ['gracias-expired', { url: `${before.url}/gracias?session_id=${expired}` }],
    ['gracias-late', { url: `${after.url}/gracias?session_id=${late}` }],
    ['gracias-not-found', { url: `${before.url}/gracias?session_id=${stripe.checkout.createSession('other_link')}` }],
    ['gracias-unavailable', { url: `${before.url}/gracias?session_id=${stripe.checkout.createSession('paid')}` }, true],
    ['access-before', { url: `${before.url}${accessPath}` }],
    ['access-after', { url: `${after.url}${accessPath}` }],
    ['access-after-coming-soon', { url: `${bare.url}${accessPath}` }],
    ['access-ended', { url: `${hour.url}${refundedPath}` }],
    ['access-not-found', { url: `${before.url}${accessPath}x` }],
    ...[...mails].map(([kind, html]): [string, { html: string }] => [`mail-${kind}`, { html }]),
  ]);
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  await stripe.close();
  await smtp.close();
}
