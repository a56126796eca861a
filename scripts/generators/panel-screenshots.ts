// Screenshots of the seller's page, /panel, as she goes through it: signed out, the link mailed, the sign-in link's
// one button, her sale signed in (a search, a confirmation sent again), a cancellation's and a new date's previews
// (each with its code's field), the new date waiting with Deshacer, and undone, at 390 px and 1280 px, with JavaScript
// on and off; at the end a cancellation confirmed, under way and done; and her mails (the sign-in link, the morning summary) as a mail client shows their HTML. The site runs in this
// process on a clock of the script's own (the morning comes when the script says), against the Stripe stand-in and a
// local SMTP server; nothing leaves the machine. The docs' pictures (docs/operations.md) are copied from here.
// Usage: node scripts/generators/panel-screenshots.ts [outDir]   (after npm run build)
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { freePort, launchChromium } from '../lib/harness.ts';
import { bundleServer } from '../lib/serverBundle.ts';
import { startSmtpStandIn } from '../lib/smtpStandIn.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';

const out = process.argv[2] ?? '.artifacts/screenshots/panel';
const KEY = 'rk_test_panelshotsonlynotarealkey';
const LINK = 'plink_1PanelShotsEarlyBird';
const OWNER = 'valeria@mi-marca.mx';
const DAY = 86_400_000;
/** The sale the pictures show: a week of Early Bird left, the workshop in three weeks. */
const START_MS = Date.parse('2027-03-18T20:00:00-06:00');
const DEADLINE_MS = Date.parse('2027-03-04T23:59:59-06:00');

/** What the script needs of the server's own code. */
interface Server {
  readConfig(env: Record<string, string>, nowMs: number): unknown;
  loadPageAssets(dist: string): unknown;
  createLogger(level: string): unknown;
  assembleSite(options: Record<string, unknown>): {
    app: { listen(port: number, host: string, done: () => void): { close(): void } };
    fulfilment?: { sweep: { run(): Promise<unknown> } };
    live?: { refresh(): Promise<void> };
    panel?: { morning: { run(): Promise<string> } };
  };
}

await mkdir(out, { recursive: true });
const stripe = await startStripeStandIn({ key: KEY, linkId: LINK, limit: 30 });
const smtp = await startSmtpStandIn();
const { module: server, unload } = await bundleServer<Server>('panel-shots', [
  "export { readConfig } from './server/config/settings.ts';",
  "export { loadPageAssets } from './server/render/readManifest.ts';",
  "export { createLogger } from './server/ops/logger.ts';",
  "export { assembleSite } from './server/site.ts';",
]);

let now = DEADLINE_MS - 7 * DAY + 10 * 3_600_000;
const port = await freePort();
const site = `http://127.0.0.1:${port}`;
const env = {
  CONTACT_EMAIL: 'hola@mi-marca.mx',
  PUBLIC_URL: site,
  STRIPE_SECRET_KEY: KEY,
  STRIPE_PAYMENT_LINK: LINK,
  STRIPE_API_URL: stripe.url,
  STRIPE_WEBHOOK_SECRET: 'whsec_panelshotsonlynotarealsecret',
  SMTP_URL: smtp.url(),
  MAIL_FROM: 'Valeria Montes <hola@mi-marca.mx>',
  MEETING_URL: 'https://meet.google.com/abc-defg-hij',
  ACCESS_SECRET: 'panel-shots-only-not-a-real-access-secret',
  PANEL_SECRET: 'panel-shots-only-Zq8vR2mK7wLp4Xn9Tb6Yc3Hd5Jf1Gs0A',
  OWNER_EMAIL: OWNER,
  EDITION: 'marzo-2027',
  WORKSHOP_START: new Date(START_MS).toISOString(),
  EARLY_BIRD_DEADLINE: new Date(DEADLINE_MS).toISOString(),
};
const config = server.readConfig(env, now);
const assembled = server.assembleSite({
  config,
  assets: server.loadPageAssets('dist'),
  publicDir: path.join('dist', 'public'),
  clock: () => now,
  logger: server.createLogger('warn'),
  spots: { current: () => ({ remaining: 30 - (stripe.link().restrictions?.completed_sessions.count ?? 0), limit: 30 }), ready: () => true },
});
const listener = await new Promise<{ close(): void }>((resolve) => {
  const running = assembled.app.listen(port, '127.0.0.1', () => resolve(running));
});

// Her buyers: the posts they came from, a voucher waiting, one refunded, one whose reminder failed.
const buyers: [name: string, reference: string | null, daysAgo: number][] = [
  ['Mariana López', 'instagram__social__lanzamiento__reel-7', 6],
  ['Sofía Hernández', 'instagram__social__lanzamiento__carrusel-2', 5],
  ['Daniela Ruiz', 'tiktok__social__clase-gratis', 5],
  ['Fernanda Castro', 'instagram__social__lanzamiento', 4],
  ['Paula Gómez', null, 3],
  ['Regina Torres', 'newsletter__email__marzo', 2],
  ['Camila Ortega', 'instagram__social__historias', 1],
  ['Valentina Ríos', 'instagram__social__historias', 0],
];
for (const [name, reference, daysAgo] of buyers) {
  stripe.checkout.createSession('paid', {
    buyer: { name, email: `${name.split(' ')[0]?.toLowerCase()}@correo.example.org` },
    atMs: now - daysAgo * DAY,
    ...(reference && { reference }),
  });
  stripe.sell();
}
stripe.checkout.createSession('voucher', { buyer: { name: 'Lucía Méndez', email: 'lucia@correo.example.org' }, atMs: now - DAY / 2 });
stripe.sell();
const refunded = stripe.checkout.createSession('paid', { buyer: { name: 'Andrea Vega', email: 'andrea@correo.example.org' }, atMs: now - 6 * DAY });
stripe.checkout.refund(refunded);
await assembled.fulfilment?.sweep.run();
await assembled.fulfilment?.sweep.run();

const parsed = (): Promise<ParsedMail[]> => Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
const ownerMails = async (): Promise<ParsedMail[]> => (await parsed()).filter((mail) => mail.to && 'text' in mail.to && mail.to.text === OWNER);

/** One picture of `page` as it is, its whole height. */
async function picture(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 390;
  await page.setViewportSize({ width, height: Math.ceil(await page.evaluate(() => document.documentElement.getBoundingClientRect().height)) });
  const file = `${out}/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

/** Her whole way through the panel, in one browser context: JavaScript on or off, at one width. */
async function walk(browser: Browser, width: number, javaScriptEnabled: boolean, last: boolean): Promise<void> {
  const suffix = `${width}${javaScriptEnabled ? '' : '-nojs'}`;
  // An hour apart (the button mails a few links an hour at most), each after a sweep, as every minute brings one.
  now += 3_600_000;
  await assembled.fulfilment?.sweep.run();
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${site}/panel`);
  await picture(page, `panel-signed-out-${suffix}`);
  const before = (await ownerMails()).length;
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Mandarme el enlace para entrar' }).click()]);
  await picture(page, `panel-link-sent-${suffix}`);
  const mails = await ownerMails();
  const mail = mails[before];
  const link = /href="([^"]*\/panel\/entrar\?enlace=[^"]*)"/.exec(String(mail?.html))?.[1]?.replaceAll('&amp;', '&') ?? '';
  await page.goto(link);
  await picture(page, `panel-sign-in-${suffix}`);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Entrar al panel' }).click()]);
  await picture(page, `panel-home-${suffix}`);
  await page.getByLabel('Buscar por nombre o correo').fill('sofia');
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Buscar', exact: true }).click()]);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reenviar su confirmación' }).first().click()]);
  await picture(page, `panel-resent-${suffix}`);
  await review(page, '/panel/cancelar');
  await picture(page, `panel-preview-cancel-${suffix}`);
  await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'No, volver a mi panel' }).click()]);
  await page.getByLabel('Nueva fecha y hora').fill(new Date(START_MS + 7 * DAY - 6 * 3_600_000).toISOString().slice(0, 16));
  await review(page, '/panel/fecha');
  await picture(page, `panel-preview-date-${suffix}`);
  await confirm(page);
  await picture(page, `panel-pending-${suffix}`);
  await press(page, 'Deshacer');
  await picture(page, `panel-undone-${suffix}`);
  if (last) await cancelToTheEnd(page, suffix);
  await context.close();
  if (width === 390 && javaScriptEnabled && mail) await mailPicture(browser, mail, 'mail-sign-in-390');
}

/** Presses a button, and waits for the page it leads to. */
async function press(page: Page, name: string): Promise<void> {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name, exact: true }).first().click()]);
}

/** Asks for the preview of the change whose form posts to `action`. */
async function review(page: Page, action: string): Promise<void> {
  await Promise.all([page.waitForEvent('load'), page.locator(`form[action="${action}"] button`).click()]);
}

/** Types the code the preview mailed her, and confirms. */
async function confirm(page: Page): Promise<void> {
  const code = /(\d{6})$/.exec((await ownerMails()).at(-1)?.subject ?? '')?.[1] ?? '';
  await page.getByLabel('Código de 6 números').fill(code);
  await press(page, 'Confirmar el cambio');
}

/** A cancellation confirmed, then its undo window over: mailing and refunding, a sweep at a time, until it is done. */
async function cancelToTheEnd(page: Page, suffix: string): Promise<void> {
  await review(page, '/panel/cancelar');
  await confirm(page);
  now += 11 * 60_000;
  await assembled.live?.refresh();
  await assembled.fulfilment?.sweep.run();
  await page.goto(`${site}/panel`);
  await picture(page, `panel-under-way-${suffix}`);
  for (let sweep = 0; sweep < 3; sweep += 1) await assembled.fulfilment?.sweep.run();
  await page.goto(`${site}/panel`);
  await picture(page, `panel-done-${suffix}`);
}

/** A mail's HTML part at 390 px, as a mail client shows it. */
async function mailPicture(browser: Browser, mail: ParsedMail, name: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.setContent(typeof mail.html === 'string' ? mail.html : '');
  await picture(page, name);
  await context.close();
}

const browser = await launchChromium();
try {
  for (const width of [1280, 390]) {
    for (const javaScriptEnabled of [true, false]) await walk(browser, width, javaScriptEnabled, width === 390 && !javaScriptEnabled);
  }
  // The next morning, after a day with sales: her summary.
  now = Math.ceil(now / DAY) * DAY + 14 * 3_600_000 + 60_000;
  await assembled.fulfilment?.sweep.run();
  const outcome = await assembled.panel?.morning.run();
  const morning = (await ownerMails()).at(-1);
  if (outcome === 'sent' && morning) await mailPicture(browser, morning, 'mail-morning-390');
  else console.log(`no morning mail: ${outcome}`);
} finally {
  await browser.close();
  listener.close();
  await stripe.close();
  await smtp.close();
  await unload();
}
