// `npm run dev:stripe`: the site with its Early Bird spots counted at a local Stripe stand-in, to watch the page
// follow the sales. The stand-in (scripts/lib/stripeStandIn.ts) plays the Payment Link; type commands here to
// sell spots, change the limit or make the stand-in fail, and reload http://127.0.0.1:3000/#precios.
// Nothing leaves this machine: the key is a made-up one, and STRIPE_API_URL points at the stand-in.
import { createInterface } from 'node:readline';
import { sellingEnv, startServer } from './lib/harness.ts';
import { type StandInFault, startStripeStandIn } from './lib/stripeStandIn.ts';

const KEY = 'rk_test_localstandinonlynotarealkey';
const LINK = 'plink_1LocalEarlyBird';
const PORT = process.env.PORT || '3000';
const FAULTS: StandInFault[] = ['unauthorized', 'forbidden', 'not_found', 'rate_limited', 'server_error', 'hang', 'trickle', 'reset'];
const isFault = (name: string | undefined): name is StandInFault => FAULTS.some((fault) => fault === name);
const HELP = `Commands (then reload the page; it changes within SPOTS_POLL_SECONDS):
  s [n]       sell one spot, or n
  l <n>       set the Payment Link's limit to n (raising it brings the Early Bird back)
  f <fault>   make every read fail: ${FAULTS.join(', ')}
  f off       stop failing
  q           quit`;

const standIn = await startStripeStandIn({ key: KEY, linkId: LINK, limit: 30, port: Number(process.env.STAND_IN_PORT || 0) });
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
  },
  // The server's own lines about the spots, as they come.
  onLine: (line) => {
    if (line.includes('"event":"spots_') || line.includes('"event":"listening"')) console.log(`  server: ${line}`);
  },
});

const status = () => {
  const link = standIn.link();
  const sessions = link.restrictions?.completed_sessions;
  return `Payment Link: ${sessions ? `${sessions.count} of ${sessions.limit} sold` : 'no limit'}, ${link.active ? 'active' : 'deactivated'}`;
};
console.log(`Stripe stand-in on ${standIn.url}; the site on http://127.0.0.1:${PORT}/#precios\n${status()}\n${HELP}`);

const quit = async () => {
  await server.stop('SIGINT');
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void quit());

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(/\s+/);
  if (command === 'q') break;
  if (command === 's') standIn.sell(Number(argument) || 1);
  else if (command === 'l' && Number(argument) > 0) standIn.setLimit(Number(argument));
  else if (command === 'f' && argument === 'off') standIn.setFault(null);
  else if (command === 'f' && isFault(argument)) standIn.setFault(argument);
  else console.log(HELP);
  console.log(status());
}
await quit();
