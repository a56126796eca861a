/**
 * The built server, as production runs it, with its spots read from the Stripe stand-in through the real SDK
 * every 2 s: two instances that agree, the flip after the last sale (on the raw bytes), the calls per interval under
 * load, an outage and a wrong key with their log lines, and the key searched for in every output. Real time here is
 * the real thing (the polls of a running server), never a stand-in for it: so every wait is for what the instances
 * do (a page, a log line, a call at the stand-in), with a bound far past it that only a failure reaches. How soon
 * the page follows a sale is the poller's to time, on its own clock (poller.test.ts), and the rehearsal's to measure.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { freePort, PRODUCTION_SETTINGS, type RunningServer, runToExit, sellingEnv, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';

const KEY = 'rk_test_51LiveKeyThatMustNeverBePrinted42';
const LINK = 'plink_1LiveEarlyBird';
const POLL_MS = 2000;
const DAY_MS = 86_400_000;

let standIn: StripeStandIn;
let servers: RunningServer[] = [];
let metricsPort = 0;
/** Every distinct body and metrics text received, to search for the key at the end. */
const received = new Set<string>();

/** GET with the body exactly as sent, uncompressed (no Accept-Encoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('latin1');
        received.add(body);
        resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ''), body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const EARLY_BIRD_BYTES = 'Inscribirme por 49';
/**
 * "49 USD" on the raw bytes read as latin1 (a no-break space is two characters there), in text or across the price
 * card's spans; never a bare 49, which the workshop's time of day may hold.
 */
const EARLY_BIRD_PRICE = /\b49(?:<\/span>)?(?:&nbsp;|\u00c2?\s)(?:<span[^>]*>)?USD\b/g;
const earlyBirdPrices = (body: string) => body.match(EARLY_BIRD_PRICE)?.length ?? 0;
const offersEarlyBird = (body: string) => body.includes(EARLY_BIRD_BYTES) || body.includes(PRODUCTION_SETTINGS.CHECKOUT_URL) || earlyBirdPrices(body) > 0;
const spotsLine = (body: string) => /price-card__spots">([^<]*)</.exec(body)?.[1] ?? null;

/** Resolves once every instance's page passes `what`'s check; fails after WAIT_BOUND_MS, with each page's line of spots. */
async function untilAll(what: string, check: (body: string) => boolean): Promise<void> {
  const started = Date.now();
  for (;;) {
    const bodies = await Promise.all(servers.map(async (server) => (await get(`${server.url}/`)).body));
    if (bodies.every(check)) return;
    if (Date.now() - started > WAIT_BOUND_MS) {
      throw new Error(`waited for every instance's page to show ${what}: not within ${WAIT_BOUND_MS} ms; they show ${bodies.map(spotsLine).join(' | ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many lines each instance has logged so far: a mark to count the later ones from. */
const logMark = (): number[] => servers.map((server) => server.stdout.length);

/** Waits until every instance has logged `event` after the lines of `mark`. */
const untilLogged = (event: string, mark: number[]): Promise<void> =>
  waitUntil(`every instance to log ${event}`, () =>
    servers.every((server, index) => server.stdout.slice(mark[index]).some((line) => line.includes(`"event":"${event}"`))),
  );

/** Waits until the stand-in has answered `count` more reads than `since`: with polls on wall-clock boundaries, each instance reads once per boundary. */
const untilReads = (since: number, count: number): Promise<void> =>
  waitUntil(`${count} more reads at the stand-in`, () => standIn.calls.length >= since + count);

const lines = (server: RunningServer) => server.stdout.map((line) => JSON.parse(line) as { level: number; event?: string; msg: string; setting?: string });

beforeAll(async () => {
  standIn = await startStripeStandIn({ key: KEY, linkId: LINK });
  metricsPort = await freePort();
  const env = {
    ...PRODUCTION_SETTINGS,
    ...sellingEnv(DAY_MS),
    STRIPE_SECRET_KEY: KEY,
    STRIPE_PAYMENT_LINK: LINK,
    STRIPE_API_URL: standIn.url,
    SPOTS_POLL_SECONDS: '2',
  };
  servers = await Promise.all([startBuiltServer({ ...env, METRICS_PORT: String(metricsPort) }), startBuiltServer(env)]);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await standIn?.close();
});

describe('two instances counting one Payment Link', () => {
  it('are ready once their first read answered, and agree: "Quedan 30 de 30 lugares con este precio"', async () => {
    for (const server of servers) await waitUntil('the instance to be ready', async () => (await get(`${server.url}/healthz`)).status === 200);
    await untilAll('30 of 30 spots left', (body) => spotsLine(body) === 'Quedan 30 de 30 lugares con este precio');
  });

  it('drop the Early Bird after the 30th sale, and no 304 confirms it', async () => {
    standIn.sell(29);
    await untilAll('1 of 30 spots left', (body) => spotsLine(body) === 'Queda 1 de 30 lugares con este precio');
    const before = await get(`${servers[0]?.url}/`);
    // The card's amount and the button's: the pattern sees both forms.
    expect(earlyBirdPrices(before.body)).toBeGreaterThanOrEqual(2);
    standIn.sell();
    await untilAll('no Early Bird offer', (body) => !offersEarlyBird(body));
    const revalidated = await get(`${servers[0]?.url}/`, { 'If-None-Match': before.etag });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body).toContain('Los lugares con precio Early Bird ya se agotaron');
  });

  it('bring the Early Bird back with the new count when the owner raises the limit', async () => {
    standIn.setLimit(32);
    await untilAll(
      'the Early Bird again, 2 of 32 spots left',
      (body) => spotsLine(body) === 'Quedan 2 de 32 lugares con este precio' && body.includes(EARLY_BIRD_BYTES),
    );
  });

  it('ask at most once per interval each, whatever the load, and never on a request', async () => {
    // Once each has recorded the sale at Stripe, the one write and its reads an instance makes at its first turn
    // (docs/sale.md), and polled again since: from then on, the spots' reads alone.
    const firstTurnOver = (): boolean => {
      const since = [...standIn.calls].reverse().findIndex((call) => !call.path.includes('expand'));
      return standIn.calls.some((call) => call.method === 'POST') && since >= 2 * servers.length;
    };
    await waitUntil("each instance's first turn to be over and each to have polled again", firstTurnOver, WAIT_BOUND_MS);
    // Two intervals at least, and a few hundred pages, however long those take on this machine.
    const from = Date.now();
    let served = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        while (Date.now() < from + 2 * POLL_MS || served < 300) {
          await get(`${servers[worker % servers.length]?.url}/`);
          served += 1;
        }
      }),
    );
    const until = Date.now();
    const reads = standIn.calls.filter((call) => call.atMs >= from && call.atMs <= until).length;
    // Each instance reads once at each interval's boundary, whatever number of pages was asked for: no more reads
    // than the boundaries this load spanned, and one more each for a read due before it that a busy machine ran late.
    const boundaries = Math.floor(until / POLL_MS) - Math.floor(from / POLL_MS);
    expect(reads).toBeGreaterThanOrEqual(servers.length);
    expect(reads).toBeLessThanOrEqual(servers.length * (boundaries + 1));
  });
});

describe('when the checkout fails', () => {
  it('a 500: pages as before, one warning per instance when it begins, one info line when it ends', async () => {
    const readsBefore = standIn.calls.length;
    // Only this outage's lines: a busy machine may have timed a read out before it, an outage of its own.
    const linesBefore = logMark();
    standIn.setFault('server_error');
    await untilLogged('spots_source_error', linesBefore);
    // One more failed poll on each: still one warning.
    await untilReads(readsBefore, 2 * servers.length);
    for (const server of servers) expect((await get(`${server.url}/`)).body).toContain('Quedan 2 de 32');
    standIn.setFault(null);
    await untilLogged('spots_source_recovered', linesBefore);
    for (const [index, server] of servers.entries()) {
      const events = lines(server)
        .slice(linesBefore[index])
        .filter((line) => line.event?.startsWith('spots_source'));
      expect(events.map((line) => [line.event, line.level])).toEqual([
        ['spots_source_error', 40],
        ['spots_source_recovered', 30],
      ]);
    }
  });

  it('a revoked key: one error naming STRIPE_SECRET_KEY, then recovery', async () => {
    const linesBefore = logMark();
    standIn.setFault('unauthorized');
    await untilLogged('spots_source_error', linesBefore);
    standIn.setFault(null);
    await untilLogged('spots_source_recovered', linesBefore);
    for (const server of servers) {
      const errors = lines(server).filter((line) => line.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ event: 'spots_source_error', setting: 'STRIPE_SECRET_KEY' });
    }
  });

  it('never prints the key: not in a log line, a page, a metric or an error', async () => {
    const metrics = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.body).toMatch(/^taller_spots_remaining 2$/m);
    expect(metrics.body).toMatch(/^taller_spots_source_up 1$/m);
    expect(metrics.body).toMatch(/^taller_spots_reads_total\{outcome="credentials"\} [1-9]/m);
    expect(metrics.body).toMatch(/^taller_spots_last_success_timestamp_seconds \d+/m);
    expect(metrics.body).toMatch(/^taller_spots_failed_reads_in_a_row 0$/m);
    expect(metrics.body).toMatch(/^taller_spots_poll_interval_seconds 2$/m);
    const outputs = [...received, ...servers.flatMap((server) => [...server.stdout, ...server.stderr])];
    expect(outputs.length).toBeGreaterThan(100);
    expect(outputs.filter((output) => output.includes(KEY) || output.includes(KEY.slice(-8)))).toEqual([]);
  });
});

describe('start', () => {
  // Every setting the spots refuse, and the words of each refusal, are the configuration's (tests/unit/spots-config.test.ts):
  // here, that the process says it in one line and exits 1, with nothing of the key however near a key it is.
  it('refuses a malformed key with one line, exit 1, and never the key', async () => {
    const result = await runToExit({ STRIPE_SECRET_KEY: `${KEY}!`, STRIPE_PAYMENT_LINK: LINK });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'Cannot start: Invalid STRIPE_SECRET_KEY: expected a Stripe secret key (sk_...) or, better, a restricted key (rk_...); the value is not shown',
    ]);
    expect(result.stderr).not.toContain(KEY.slice(8));
  });

  it('is not ready while its first read hangs, and ready once it has timed out, without a count', async () => {
    const hanging = await startStripeStandIn({ key: KEY, linkId: LINK });
    hanging.setFault('hang');
    // A 10 s interval: its read times out after 5 s (the longest a read may take), ample time to find the instance
    // still starting on a machine several times slower than this one.
    const server = await startBuiltServer({
      ...sellingEnv(DAY_MS),
      STRIPE_SECRET_KEY: KEY,
      STRIPE_PAYMENT_LINK: LINK,
      STRIPE_API_URL: hanging.url,
      SPOTS_POLL_SECONDS: '10',
    });
    try {
      const first = await get(`${server.url}/healthz`);
      expect(first.status).toBe(503);
      expect(first.body).toBe('{"status":"starting"}');
      await waitUntil('ready once the first read has timed out', async () => (await get(`${server.url}/healthz`)).status === 200);
      expect(spotsLine((await get(`${server.url}/`)).body)).toBe('Solo 30 lugares con este precio');
    } finally {
      await server.stop();
      await hanging.close();
    }
  });
});
