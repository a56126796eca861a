// Screenshots of `npm run preflight` as an owner sees it: its output for a ready launch and for a broken one, drawn as
// a terminal shows it; each sample mail as Gmail shows a mail (its subject, sender and recipient above the HTML part),
// and the sample page its personal link opens, at 390 px and 1280 px, with Debian's Chromium. The built preflight and
// server run against the Stripe stand-in, a local SMTP server and a DNS server on loopback; nothing leaves the machine.
// Usage: node scripts/generators/preflight-screenshots.ts [outDir]   (after npm run build)
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { startDnsStandIn } from '../lib/dnsStandIn.ts';
import { launchChromium, startBuiltServer } from '../lib/harness.ts';
import { startSmtpStandIn } from '../lib/smtpStandIn.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';

const out = process.argv[2] ?? '.artifacts/screenshots/preflight';
const KEY = 'rk_test_screenshotsonlynotarealkey';
const LINK = 'plink_1ScreenshotsEarlyBird';
const DOMAIN = 'mi-marca.mx';
const PUBLIC_URL = `https://taller.${DOMAIN}`;
const DAY = 86_400_000;
const EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'charge.dispute.created',
];

await mkdir(out, { recursive: true });
const stripe = await startStripeStandIn({ key: KEY, linkId: LINK, price: { currency: 'usd', unitAmount: 4900, options: { mxn: 89000 } } });
const smtp = await startSmtpStandIn();
const dns = await startDnsStandIn({
  mx: { [DOMAIN]: [{ exchange: `mx.${DOMAIN}`, preference: 10 }] },
  txt: { [DOMAIN]: ['v=spf1 include:_spf.google.com ~all'], [`_dmarc.${DOMAIN}`]: [`v=DMARC1; p=none; rua=mailto:hola@${DOMAIN}`] },
});
const redirect = `${PUBLIC_URL}/gracias?session_id={CHECKOUT_SESSION_ID}`;
stripe.setLinkFields({ after_completion: { type: 'redirect', redirect: { url: redirect } } });
stripe.account.addWebhookEndpoint({ url: `${PUBLIC_URL}/webhooks/stripe`, enabledEvents: EVENTS });

/** Once: the sample link is signed with the start, and the site that opens it must have the same. */
const DATES = { EARLY_BIRD_DEADLINE: new Date(Date.now() + 20 * DAY).toISOString(), WORKSHOP_START: new Date(Date.now() + 30 * DAY).toISOString() };
const env = (): Record<string, string> => ({
  CHECKOUT_URL: stripe.link().url,
  CONTACT_EMAIL: `hola@${DOMAIN}`,
  PUBLIC_URL,
  SELLER_NAME: 'Lucía Ramírez Soto',
  SELLER_ADDRESS: 'Av. Ejemplo 123, Col. Roma Norte, 06700 Ciudad de México, México',
  SELLER_PHONE: '+52 55 1234 5678',
  TRAINER_NAME: 'Lucía Ramírez',
  STRIPE_SECRET_KEY: KEY,
  STRIPE_PAYMENT_LINK: LINK,
  STRIPE_API_URL: stripe.url,
  STRIPE_WEBHOOK_SECRET: 'whsec_screenshotsonlynotarealsecret',
  SMTP_URL: smtp.url(),
  MAIL_FROM: `Lucía Ramírez <hola@${DOMAIN}>`,
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  ACCESS_SECRET: 'Zk3v9QeR2mXw7LpT4sNa8bYc1HdJ6fGu0iKo5rVe',
  FORMULA_URL: 'https://archivos.example.org/formula.pdf',
  GPT_URL: 'https://chatgpt.com/g/g-taller-marca',
  HOOKS_URL: 'https://archivos.example.org/50-ganchos',
  ...DATES,
  PREFLIGHT_DNS_SERVER: dns.address,
});

/** The built preflight's output, as the terminal gets it (it exits 1 for a broken launch). */
const preflight = (settings: Record<string, string>): Promise<string> =>
  new Promise((resolve) => {
    execFile(process.execPath, [path.resolve('dist/server/preflight.js')], { env: { PATH: process.env.PATH ?? '', ...settings } }, (_error, stdout) =>
      resolve(stdout),
    );
  });

const escapeHtml = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A terminal of 150 columns, dark, its status words in the colours a terminal would give them. */
const terminal = (title: string, text: string): string => `<!doctype html><html><head><style>
  body { margin: 0; background: #1e1e1e; font: 13px/1.45 'DejaVu Sans Mono', monospace; color: #d4d4d4; }
  .bar { background: rgb(50 50 50); color: #bbb; padding: 6px 12px; font-family: 'DejaVu Sans', sans-serif; font-size: 12px; }
  pre { margin: 0; padding: 12px 14px 16px; white-space: pre-wrap; width: 150ch; font: inherit; }
  .ok { color: #6ccf6c; } .warn { color: #e5c07b; } .fail { color: #ff6b6b; font-weight: bold; } .prompt { color: #8ab4f8; }
</style></head><body><div class="bar">${escapeHtml(title)}</div><pre><span class="prompt">$ npm run preflight</span>
${escapeHtml(text)
  .split('\n')
  .map((line) => line.replace(/^ {2}(ok|warn|fail)( +)/, '  <span class="$1">$1</span>$2'))
  .join('\n')}</pre></body></html>`;

/** A mail as Gmail's reading pane shows it: the subject, who sent it to whom, then its HTML part. */
const gmail = (mail: { subject: string; from: string; html: string }): string => `<!doctype html><html><head><style>
  body { margin: 0; font: 14px/1.4 'DejaVu Sans', Roboto, Arial, sans-serif; color: #1f1f1f; background: #f6f8fc; }
  .pane { background: #fff; margin: 8px; border-radius: 16px; padding: 16px 16px 8px; }
  h1 { font-size: 22px; font-weight: 400; margin: 0 0 16px; }
  .who { display: flex; gap: 12px; align-items: center; margin-bottom: 16px; }
  .avatar { width: 40px; height: 40px; border-radius: 50%; background: #b02f58; color: #fff; display: grid; place-items: center; font-weight: 700; }
  .from { font-weight: 700; } .to { color: #5e5e5e; font-size: 12px; }
  iframe { border: 0; width: 100%; display: block; }
</style></head><body><div class="pane"><h1>${escapeHtml(mail.subject)}</h1>
<div class="who"><div class="avatar">${escapeHtml(mail.from.slice(0, 1))}</div><div><div class="from">${escapeHtml(mail.from)}</div><div class="to">para mí</div></div></div>
<iframe srcdoc="${mail.html.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" onload="this.style.height = this.contentDocument.documentElement.scrollHeight + 'px'"></iframe></div></body></html>`;

async function shoot(browser: Browser, name: string, width: number, target: { html: string } | { url: string }): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if ('html' in target) await page.setContent(target.html, { waitUntil: 'load' });
  else await page.goto(target.url);
  await page.setViewportSize({ width, height: Math.ceil(await page.evaluate(() => document.documentElement.getBoundingClientRect().height)) });
  await page.waitForTimeout(200);
  const file = `${out}/${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
  await context.close();
}

const browser = await launchChromium();
const site = await startBuiltServer(env());
try {
  const ready = await preflight(env());
  // A broken launch: the redirect without the session's id, an endpoint without the refund event, a login the mail
  // server refuses, no SPF record, and a deadline after the start.
  stripe.setLinkFields({ after_completion: { type: 'redirect', redirect: { url: `${PUBLIC_URL}/gracias` } } });
  stripe.account.clearWebhookEndpoints();
  stripe.account.addWebhookEndpoint({ url: `${PUBLIC_URL}/webhooks/stripe`, enabledEvents: EVENTS.filter((event) => event !== 'charge.refunded') });
  smtp.setFault('refuse_login');
  dns.setRecords({ mx: { [DOMAIN]: [{ exchange: `mx.${DOMAIN}`, preference: 10 }] }, txt: {} });
  const broken = await preflight({ ...env(), EARLY_BIRD_DEADLINE: new Date(Date.now() + 31 * DAY).toISOString() });
  await shoot(browser, 'preflight-ready', 1280, { html: terminal('Terminal: a ready launch', ready) });
  await shoot(browser, 'preflight-broken', 1280, { html: terminal('Terminal: a broken launch', broken) });

  const mails = await Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
  let samplePath = '';
  for (const [index, mail] of mails.entries()) {
    const html = typeof mail.html === 'string' ? mail.html : '';
    samplePath ||= /\/acceso\/muestra\.[\w-]+/.exec(html)?.[0] ?? '';
    const shown = { subject: mail.subject ?? '', from: mail.from?.value[0]?.name || (mail.from?.text ?? ''), html };
    for (const width of [390, 1280]) await shoot(browser, `sample-mail-${index + 1}`, width, { html: gmail(shown) });
  }
  // The sample page, on a built server of the same secret and start (its PUBLIC_URL this machine's).
  for (const width of [390, 1280]) await shoot(browser, 'sample-page', width, { url: `${site.url}${samplePath}` });
} finally {
  await browser.close();
  await site.stop();
  await Promise.all([stripe.close(), smtp.close(), dns.close()]);
}
