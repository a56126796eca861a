// Screenshots of what a buyer sees after the checkout: /gracias in each state (a voucher's, pending and expired, and a
// payment after the end, too), the personal link in each of its
// pages (before it opens, after the workshop with and without the materials, access ended, an unknown link; after a
// new date, its refund's step, the answer that a link went by mail, that mail, the page its link opens and its answer,
// and the page once refunded; after a cancellation), the landing page of a
// cancelled workshop with JavaScript on and off, and each mail's HTML part as a mail client shows it, at 390 px and
// 1280 px, with Debian's Chromium; and the new date's invite as ical.js reads it, printed. Built servers run with
// the Stripe stand-in and a local SMTP server, as `npm run dev:stripe` does, each with a WORKSHOP_START that puts
// the journey where the picture needs it; nothing leaves the machine.
// Usage: node scripts/generators/fulfilment-screenshots.ts [outDir]   (after npm run build)
import { mkdir } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { type ParsedMail, simpleParser } from 'mailparser';
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
async function shoot(
  browser: Browser,
  shots: [name: string, target: { url: string } | { html: string }, fault?: boolean, withoutScript?: boolean][],
): Promise<void> {
  for (const width of widths) {
    for (const [name, target, fault, withoutScript] of shots) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, javaScriptEnabled: !withoutScript });
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

const parsedMails = (): Promise<ParsedMail[]> => Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
/** A mail's kind: its Message-ID's first words (confirmacion, nueva-fecha…), before the start it names. */
const kindOf = (mail: ParsedMail): string => /^<([a-z-]+?)-\d{8}-\d{4}-/.exec(mail.messageId ?? '')?.[1] ?? 'mail';
/** The mails that reached the SMTP server so far, by kind; a second of a kind (a refund for another reason) numbered. */
const mailsByKind = async (): Promise<Map<string, string>> => {
  const byKind = new Map<string, string>();
  for (const mail of await parsedMails()) {
    const kind = kindOf(mail);
    const name = byKind.has(kind) ? `${kind}-${[...byKind.keys()].filter((key) => key.startsWith(kind)).length + 1}` : kind;
    byKind.set(name, typeof mail.html === 'string' ? mail.html : '');
  }
  return byKind;
};
/** ical.js's view of a mail's invite: what a calendar reads of it. */
async function inviteView(kind: string): Promise<string> {
  const mail = (await parsedMails()).find((candidate) => kindOf(candidate) === kind);
  const ics = mail?.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
  const event = calendar.getFirstSubcomponent('vevent');
  const type = ics?.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  const start = event?.getFirstPropertyValue('dtstart') as unknown as { toJSDate(): Date } | undefined;
  return [
    `MIME method: ${type?.params?.method}`,
    `METHOD: ${calendar.getFirstPropertyValue('method')}`,
    `UID: ${event?.getFirstPropertyValue('uid')}`,
    `SEQUENCE: ${event?.getFirstPropertyValue('sequence')}`,
    `STATUS: ${event?.getFirstPropertyValue('status')}`,
    `DTSTART: ${start?.toJSDate().toISOString()}`,
    `SUMMARY: ${event?.getFirstPropertyValue('summary')}`,
    `ATTENDEE: ${event?.getFirstPropertyValue('attendee')}`,
    `ALARMS: ${event?.getAllSubcomponents('valarm').length}`,
    '',
  ].join('\n');
}

const servers: RunningServer[] = [];
const browser = await launchChromium();
try {
  // Before the workshop: a paid buyer, confirmed by the webhook a day and a minute before the start, so that the
  // first sweep sends the day's reminder too; another server, an hour before its own start, sends the hour's.
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
  // Another instance, which has not just read that purchase, for the page once it is refunded; an edition of its own,
  // an hour from its start, whose buyer gets the hour's reminder (the first one's buyers are another edition's to it).
  const hour = await site(59 * 60_000, { EDITION: 'una-hora' });
  servers.push(hour);
  const soon = stripe.checkout.createSession('paid', { atMs: Date.now() - HOUR });
  const soonSession = stripe.checkout.session(soon);
  if (soonSession) await deliver(`${hour.url}/webhooks/stripe`, signedEvent(sessionEvent('checkout.session.completed', soonSession), WEBHOOK_SECRET));
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
    'the five kinds of mail before any change',
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

  // The owner moves the date a week under the same edition: the buyer's new-date mail, their page, its refund's
  // confirmation step; a second buyer asks for the refund, and their page says how the money comes back.
  const taker = stripe.checkout.createSession('paid', { atMs: Date.now() - HOUR, buyer: { name: 'Lucía Pérez', email: 'lucia@correo.example.org' } });
  const takerSession = stripe.checkout.session(taker);
  if (takerSession) await deliver(`${before.url}/webhooks/stripe`, signedEvent(sessionEvent('checkout.session.completed', takerSession), WEBHOOK_SECRET));
  const takerPath = await accessPathOf(taker);
  const moved = await site(8 * 24 * HOUR);
  servers.push(moved);
  await waitUntil("the new date's mails", async () => (await parsedMails()).filter((mail) => kindOf(mail) === 'nueva-fecha').length >= 2, 20_000, 250);
  const view = await inviteView('nueva-fecha');
  await writeFile(`${out}/invite-nueva-fecha.txt`, view);
  console.log(view);
  const step = await (await fetch(`${moved.url}${takerPath}/reembolso`)).text();
  const proof = /name="confirmacion" value="([^"]+)"/.exec(step)?.[1] ?? '';
  // The step's button mails the purchase's address the link that confirms; that link's page and its one button refund.
  const mailSent = await (await fetch(`${moved.url}${takerPath}/reembolso`, { method: 'POST', body: new URLSearchParams({ confirmacion: proof }) })).text();
  const linkMail = (await parsedMails()).find((mail) => /^<confirmar-reembolso-/.test(mail.messageId ?? ''));
  const link = /https?:\/\/\S+\/acceso\/[^/\s]+\/reembolso\/[^/\s]+/.exec(linkMail?.text ?? '')?.[0] ?? '';
  const linkPath = new URL(link).pathname;
  const linkPage = await (await fetch(`${moved.url}${linkPath}`)).text();
  const started = await (await fetch(`${moved.url}${linkPath}`, { method: 'POST', body: new URLSearchParams({ confirmar: 'si' }) })).text();
  await waitUntil("the refund's mail", async () => (await parsedMails()).filter((mail) => kindOf(mail) === 'reembolso').length >= 2, 20_000, 250);
  const changed = await mailsByKind();
  await shoot(browser, [
    ['access-changed', { url: `${moved.url}${accessPath}` }],
    ['access-refund-confirm', { url: `${moved.url}${accessPath}/reembolso` }],
    ['access-refund-mail-sent', { html: mailSent }],
    ['mail-confirmar-reembolso', { html: typeof linkMail?.html === 'string' ? linkMail.html : '' }],
    ['access-refund-link', { html: linkPage }],
    ['access-refund-started', { html: started }],
    ['access-withdrawn', { url: `${moved.url}${takerPath}` }],
    ['mail-nueva-fecha', { html: changed.get('nueva-fecha') ?? '' }],
    ['mail-reembolso-nueva-fecha', { html: changed.get('reembolso-2') ?? '' }],
  ]);
  await moved.stop();

  // The owner cancels: the buyer's one mail, their page, and the landing page, with JavaScript and without.
  const cancelled = await site(24 * HOUR - 60_000, { WORKSHOP_CANCELLED: 'true' });
  servers.push(cancelled);
  await waitUntil("the cancellation's mail", async () => (await parsedMails()).some((mail) => kindOf(mail) === 'cancelacion'), 20_000, 250);
  const cancelView = await inviteView('cancelacion');
  await writeFile(`${out}/invite-cancelacion.txt`, cancelView);
  console.log(cancelView);
  await shoot(browser, [
    ['access-cancelled', { url: `${cancelled.url}${accessPath}` }],
    ['mail-cancelacion', { html: (await mailsByKind()).get('cancelacion') ?? '' }],
    ['landing-cancelled', { url: `${cancelled.url}/` }],
    ['landing-cancelled-no-js', { url: `${cancelled.url}/` }, false, true],
  ]);
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  await stripe.close();
  await smtp.close();
}
