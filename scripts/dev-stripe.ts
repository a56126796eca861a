// `npm run dev:stripe`: the site with its Early Bird spots counted at a local Stripe stand-in, to watch the page
// follow the sales, and purchases completed end to end: the stand-in (scripts/lib/stripeStandIn.ts) plays the
// Payment Link and its Checkout Sessions and sends the site Stripe's signed webhook events; a local SMTP server
// (scripts/lib/smtpStandIn.ts) takes the buyer's mails into a folder of .eml files. Type commands here to sell
// spots, buy, pay a voucher, refund, change the limit or make the stand-in fail, and reload http://127.0.0.1:3000/#precios.
// Nothing leaves this machine: the keys are made up, STRIPE_API_URL and SMTP_URL point at the stand-ins.
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sellingEnv, startServer } from './lib/harness.ts';
import { startSmtpStandIn } from './lib/smtpStandIn.ts';
import { deliver, refundEvent, sessionEvent, signedEvent } from './lib/stripeCheckoutStandIn.ts';
import { DOLLAR_PRICE, type StandInFault, startStripeStandIn } from './lib/stripeStandIn.ts';

const KEY = 'rk_test_localstandinonlynotarealkey';
const LINK = 'plink_1LocalEarlyBird';
const WEBHOOK_SECRET = 'whsec_localstandinonlynotarealsecret';
const ACCESS_SECRET = 'local-stand-in-only-not-a-real-access-secret';
const MAILBOX = path.resolve('.artifacts/mailbox');
const PORT = process.env.PORT || '3000';
const FAULTS: StandInFault[] = ['unauthorized', 'forbidden', 'not_found', 'rate_limited', 'server_error', 'hang', 'trickle', 'reset'];
const isFault = (name: string | undefined): name is StandInFault => FAULTS.some((fault) => fault === name);
const HELP = `Commands (then reload the page; it changes within SPOTS_POLL_SECONDS):
  b           buy: a card purchase completes, Stripe's webhook reaches the site, the mail lands in the mailbox
  v           buy with a voucher (OXXO): the purchase completes unpaid; no mail yet
  p           the last voucher is paid at the store: the webhook again, and now the mail
  x           the last voucher expires unpaid instead: the webhook again, and its place back on sale
  r           refund the last card purchase in full: its personal link says access has ended
  s [n]       sell one spot, or n
  l <n>       set the Payment Link's limit to n (raising it brings the Early Bird back)
  m <pesos>   give the link's price a fixed amount in pesos (m 890); m off takes it away (docs/pricing.md)
  f <fault>   make every read fail: ${FAULTS.join(', ')}
  f off       stop failing
  q           quit`;

const standIn = await startStripeStandIn({ key: KEY, linkId: LINK, limit: 30, port: Number(process.env.STAND_IN_PORT || 0) });
const smtp = await startSmtpStandIn({ mailbox: MAILBOX });
// The shell's settings reach the server too (LOG_LEVEL, say), under the ones this needs.
const server = await startServer({
  port: Number(PORT),
  keepLines: false,
  env: {
    ...process.env,
    ...sellingEnv(),
    SPOTS_POLL_SECONDS: process.env.SPOTS_POLL_SECONDS || '2',
    STRIPE_SECRET_KEY: KEY,
    STRIPE_PAYMENT_LINK: LINK,
    STRIPE_API_URL: standIn.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SMTP_URL: smtp.url(),
    MAIL_FROM: process.env.MAIL_FROM || 'Taller en vivo <taller@localhost.localdomain>',
    MEETING_URL: process.env.MEETING_URL || 'https://meet.google.com/abc-defg-hij',
    ACCESS_SECRET,
  },
  // The server's own lines about the spots, as they come.
  onLine: (line) => {
    if (/"event":"(spots_|price_changed|checkout_setup|listening|stripe_webhook|mail|sweep|reminder_missed|places?_back|link_change|refund)/.test(line))
      console.log(`  server: ${line}`);
  },
});

const status = () => {
  const link = standIn.link();
  const sessions = link.restrictions?.completed_sessions;
  const placesBack = link.metadata.taller_limit_added_by_site;
  return `Payment Link: ${sessions ? `${sessions.count} of ${sessions.limit} sold` : 'no limit'}${placesBack ? ` (${placesBack} of the limit given back by expired vouchers)` : ''}, ${link.active ? 'active' : 'deactivated'}`;
};
console.log(
  `Stripe stand-in on ${standIn.url}; the site on http://127.0.0.1:${PORT}/#precios\nConfirmation mails land in ${MAILBOX}/ (one .eml file each: open it with a mail client)\n${status()}\n${HELP}`,
);

const webhookUrl = `http://127.0.0.1:${PORT}/webhooks/stripe`;
let lastVoucher: string | null = null;
let lastCard: string | null = null;
/** Stripe's event about a session, signed and delivered to the site, and where its buyer lands. */
const announce = async (type: Parameters<typeof sessionEvent>[0], sessionId: string) => {
  const session = standIn.checkout.session(sessionId);
  if (!session) return;
  const status = await deliver(webhookUrl, signedEvent(sessionEvent(type, session), WEBHOOK_SECRET));
  console.log(`  Stripe sent ${type}: the site answered ${status}`);
  console.log(
    `  the buyer lands on http://127.0.0.1:${PORT}/gracias?session_id=${sessionId}: what Stripe says of the purchase, and once paid their personal link`,
  );
};
const mails = () => `  mailbox: ${smtp.received.length} mail(s) in ${MAILBOX}/`;

const quit = async () => {
  await server.stop('SIGINT');
  await standIn.close();
  await smtp.close();
  process.exit(0);
};
process.on('SIGINT', () => void quit());

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(/\s+/);
  if (command === 'q') break;
  if (command === 'b' || command === 'v') {
    // A completed session counts towards the link's limit, paid or not (docs/fulfilment.md).
    const sessionId = standIn.checkout.createSession(command === 'b' ? 'paid' : 'voucher');
    standIn.sell(1);
    if (command === 'v') lastVoucher = sessionId;
    else lastCard = sessionId;
    await announce('checkout.session.completed', sessionId);
    console.log(mails());
  } else if (command === 'p' && lastVoucher) {
    standIn.checkout.payVoucher(lastVoucher);
    await announce('checkout.session.async_payment_succeeded', lastVoucher);
    lastVoucher = null;
    console.log(mails());
  } else if (command === 'x' && lastVoucher) {
    standIn.checkout.expireVoucher(lastVoucher);
    await announce('checkout.session.async_payment_failed', lastVoucher);
    lastVoucher = null;
  } else if (command === 'r' && lastCard) {
    const status = await deliver(webhookUrl, signedEvent(refundEvent(standIn.checkout.refund(lastCard)), WEBHOOK_SECRET));
    console.log(`  Stripe sent charge.refunded: the site answered ${status}`);
    lastCard = null;
  } else if (command === 's') standIn.sell(Number(argument) || 1);
  else if (command === 'l' && Number(argument) > 0) standIn.setLimit(Number(argument));
  else if (command === 'm' && argument === 'off') standIn.setPrice(DOLLAR_PRICE);
  else if (command === 'm' && Number(argument) > 0) standIn.setPrice({ ...DOLLAR_PRICE, options: { mxn: Math.round(Number(argument) * 100) } });
  else if (command === 'f' && argument === 'off') standIn.setFault(null);
  else if (command === 'f' && isFault(argument)) standIn.setFault(argument);
  else console.log(HELP);
  console.log(status());
}
await quit();
