// The join rush (docs/performance.md): two built servers, as the image runs them, behind varnishd running
// deploy/varnish/taller.vcl, the Stripe stand-in and a local SMTP server; 300, then 1,000 buyers, each from an address
// of its own, open their personal links evenly within 10 s, alone and while /gracias is flooded with made-up ids at 40
// a second from eight IPv4 addresses and one IPv6 /64. For each: the answers, the slowest, how many took longer than the
// issue's 2 s, and the reads of a session at Stripe the rush cost. Not a test: it reports (tests/deploy/varnish-rush.test.ts
// asserts that everyone gets in). Run it under the heavy lock, after `npm run build`:
//   flock /tmp/taller-heavy.lock node scripts/reports/rush-bench.ts
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChild, stopAll } from '../gates/rehearsal/children.ts';
import { paced, type Sent, send } from '../gates/rehearsal/traffic.ts';
import { accepts, freePort, type RunningServer, startBuiltServer, waitUntil } from '../lib/harness.ts';
import { prepareVarnish } from '../lib/localVarnish.ts';
import { bundleServer } from '../lib/serverBundle.ts';
import { startSmtpStandIn } from '../lib/smtpStandIn.ts';
import { startStripeStandIn } from '../lib/stripeStandIn.ts';

const KEY = 'rk_test_rushbenchonlynotarealkey';
const LINK = 'plink_1RushBench';
const ACCESS_SECRET = 'rush-bench-only-not-a-real-access-secret';
const MINUTE = 60_000;
const BUYERS = [300, 1_000];
const RUSH_MS = 10_000;
/** The edition the purchases were confirmed in, as the confirmation marks it: none to adopt. */
const EDITION = 'invierno-2027';
const FLOOD_PER_SECOND = 40;
/** The bound on each buyer's answer: what the table counts past it. */
const BOUND_MS = 2_000;

const { module: site, unload } = await bundleServer<{ accessToken(secret: string, sessionId: string): string }>('rush-bench', [
  "export { accessToken } from './server/fulfilment/pages/accessToken.ts';",
]);
const dir = await mkdtemp(path.join(os.tmpdir(), 'taller-rush-'));
const stripe = await startStripeStandIn({ key: KEY, linkId: LINK });
const smtp = await startSmtpStandIn();
const fleet: RunningServer[] = [];
try {
  const links: string[] = [];
  const sessions: string[] = [];
  for (let n = 0; n < Math.max(...BUYERS); n += 1) {
    const sessionId = stripe.checkout.createSession('paid', {
      buyer: { name: `Compradora${n} Prueba`, email: `compradora${n}@correo.example.org` },
      atMs: Date.now() - 20 * 24 * 60 * MINUTE + n * MINUTE,
      metadata: { taller_edition: EDITION, taller_confirmation: 'sent', taller_reminder_day: 'sent', taller_reminder_hour: 'sent' },
    });
    sessions.push(sessionId);
    links.push(`/acceso/${site.accessToken(ACCESS_SECRET, sessionId)}`);
  }
  const env = {
    STRIPE_SECRET_KEY: KEY,
    STRIPE_PAYMENT_LINK: LINK,
    STRIPE_API_URL: stripe.url,
    STRIPE_WEBHOOK_SECRET: 'whsec_rushbenchonlynotarealsecret',
    SMTP_URL: smtp.url(),
    MAIL_FROM: 'taller@taller.example.org',
    MEETING_URL: 'https://meet.google.com/abc-defg-hij',
    ACCESS_SECRET,
    EDITION,
    // The workshop starts in five minutes: the personal links lead to the meeting.
    WORKSHOP_START: new Date(Date.now() + 5 * MINUTE).toISOString(),
  };
  fleet.push(...(await Promise.all([startBuiltServer(env), startBuiltServer(env)])));
  const port = await freePort();
  const { args } = await prepareVarnish({
    dir,
    port,
    vclFile: 'deploy/varnish/taller.vcl',
    instances: fleet.map((server, index) => ({ name: `instance_${index + 1}`, port: server.port })),
    storage: '256m',
  });
  startChild('varnishd', args);
  await waitUntil('varnishd accepting connections', () => accepts(port), 20_000);
  // Each instance's first sweep lists every page of the link's purchases, within seconds of its start.
  const pages = Math.ceil(sessions.length / 100);
  const listed = () => stripe.calls.filter((call) => call.path.startsWith('/v1/checkout/sessions?')).length;
  await waitUntil('both instances swept', () => listed() >= 2 * pages && stripe.inFlight() === 0, 30_000);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  // Reads of a buyer's own session: what a visit costs when the instance does not know the buyer.
  const known = new Set(sessions);
  const sessionReads = () =>
    stripe.calls.filter((call) => call.method === 'GET' && known.has(decodeURIComponent(call.path.split('?')[0]?.split('/').pop() ?? ''))).length;

  console.log('The join rush: two instances behind the shipped VCL, every buyer from an address of its own, evenly within 10 s');
  console.log(['buyers', 'flood', 'answers', 'slowest ms', 'p99 ms', `over ${BOUND_MS} ms`, "reads of buyers' sessions", '/gracias flood answers'].join('  '));
  for (const buyers of BUYERS) {
    for (const flooded of [false, true]) {
      const reads = sessionReads();
      const flood = new Map<string, number>();
      let rushing = true;
      const flooding = flooded
        ? paced({
            connections: 4,
            ratePerSecond: FLOOD_PER_SECOND,
            isDone: () => !rushing,
            async request(counter) {
              const client =
                counter % 9 === 8 ? `2001:db8:ab:cd:${randomBytes(8).toString('hex').match(/.{4}/g)?.join(':')}` : `203.0.113.${(counter % 9) + 10}`;
              const answer = await send(port, `/gracias?session_id=cs_test_${randomBytes(12).toString('hex')}`, { 'x-forwarded-for': client }, false);
              const status = String(answer.status ?? answer.error);
              flood.set(status, (flood.get(status) ?? 0) + 1);
            },
          })
        : Promise.resolve();
      const answers = await Promise.all(
        links.slice(0, buyers).map(
          (link, n) =>
            new Promise<Sent>((resolve) => {
              setTimeout(
                () => resolve(send(port, link, { 'x-forwarded-for': `100.64.${Math.floor(n / 250)}.${(n % 250) + 1}` }, false)),
                (n * RUSH_MS) / buyers,
              );
            }),
        ),
      );
      rushing = false;
      await flooding;
      const statuses = new Map<string, number>();
      for (const answer of answers) statuses.set(String(answer.status ?? answer.error), (statuses.get(String(answer.status ?? answer.error)) ?? 0) + 1);
      const times = answers.map((answer) => answer.done - answer.sent).sort((a, b) => a - b);
      console.log(
        [
          String(buyers).padStart(6),
          (flooded ? 'yes' : 'no').padStart(5),
          [...statuses].map(([status, count]) => `${count} x ${status}`).join(', '),
          String(times.at(-1)).padStart(10),
          String(times[Math.floor(times.length * 0.99)]).padStart(6),
          String(times.filter((ms) => ms > BOUND_MS).length).padStart(12),
          String(sessionReads() - reads).padStart(25),
          [...flood].map(([status, count]) => `${count} x ${status}`).join(', ') || '-',
        ].join('  '),
      );
    }
  }
} finally {
  await Promise.all(fleet.map((server) => server.stop('SIGKILL')));
  await stopAll();
  await Promise.all([stripe.close(), smtp.close()]);
  await rm(dir, { recursive: true, force: true });
  await unload();
}
