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
import { maxOf } from '../../scripts/lib/stats';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { freePort, PRODUCTION_SETTINGS, type RunningServer, runToExit, sellingEnv, startBuiltServer, waitUntil } from '../../scripts/lib/harness';

const KEY = 'rk_test_51LiveKeyThatMustNeverBePrinted42';
const LINK = 'plink_1LiveEarlyBird';
const POLL_MS = 2000;
const DAY_MS = 86_400_000;
/** How long a wait for what the instances do may last before it counts as a failure: several polls. */
const BOUND_MS = 5 * POLL_MS;

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

/** Resolves once every instance's page passes `check`; fails after `withinMs`. */
async function untilAll(check: (body: string) => boolean, withinMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const bodies = await Promise.all(servers.map(async (server) => (await get(`${server.url}/`)).body));
    if (bodies.every(check)) return;
    if (Date.now() - started > withinMs) throw new Error(`Not every instance changed within ${withinMs} ms: ${bodies.map(spotsLine).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every instance has logged `event` `times` times; fails after BOUND_MS. */
const untilLogged = (event: string, times = 1): Promise<void> =>
  waitUntil(
    `every instance to log ${event} ${times} time(s)`,
    () => servers.every((server) => server.stdout.filter((line) => line.includes(`"event":"${event}"`)).length >= times),
    BOUND_MS,
  );

/** Waits until the stand-in has answered `count` more reads than `since`: with polls on wall-clock boundaries, each instance reads once per boundary. */
const untilReads = (since: number, count: number): Promise<void> =>
  waitUntil(`${count} more reads at the stand-in`, () => standIn.calls.length >= since + count, BOUND_MS);

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
    for (const server of servers) await waitUntil('the instance to be ready', async () => (await get(`${server.url}/healthz`)).status === 200, BOUND_MS);
    await untilAll((body) => spotsLine(body) === 'Quedan 30 de 30 lugares con este precio', BOUND_MS);
  });

  it('drop the Early Bird after the 30th sale, and no 304 confirms it', async () => {
    standIn.sell(29);
    await untilAll((body) => spotsLine(body) === 'Queda 1 de 30 lugares con este precio', BOUND_MS);
    const before = await get(`${servers[0]?.url}/`);
    // The card's amount and the button's: the pattern sees both forms.
    expect(earlyBirdPrices(before.body)).toBeGreaterThanOrEqual(2);
    standIn.sell();
    await untilAll((body) => !offersEarlyBird(body), BOUND_MS);
    const revalidated = await get(`${servers[0]?.url}/`, { 'If-None-Match': before.etag });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body).toContain('Los lugares con precio Early Bird ya se agotaron');
  });

  it('bring the Early Bird back with the new count when the owner raises the limit', async () => {
    standIn.setLimit(32);
    await untilAll((body) => spotsLine(body) === 'Quedan 2 de 32 lugares con este precio' && body.includes(EARLY_BIRD_BYTES), BOUND_MS);
  });

  it('ask at most once per interval each, whatever the load, and never on a request', async () => {
    // Once each has recorded the sale at Stripe, the one write and its reads an instance makes at its first turn
    // (docs/sale.md), and polled again since: from then on, the spots' reads alone.
    const firstTurnOver = (): boolean => {
      const since = [...standIn.calls].reverse().findIndex((call) => !call.path.includes('expand'));
      return standIn.calls.some((call) => call.method === 'POST') && since >= 2 * servers.length;
    };
    await waitUntil("each instance's first turn to be over and each to have polled again", firstTurnOver, BOUND_MS);
    const from = Date.now();
    const until = from + 2 * POLL_MS;
    let served = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        while (Date.now() < until) {
          await get(`${servers[worker % servers.length]?.url}/`);
          served += 1;
        }
      }),
    );
    const windows = new Map<number, number>();
    for (const call of standIn.calls.filter((candidate) => candidate.atMs >= from && candidate.atMs <= until)) {
      const window = Math.floor(call.atMs / POLL_MS);
      windows.set(window, (windows.get(window) ?? 0) + 1);
    }
    expect(served).toBeGreaterThan(50);
    expect(maxOf(windows.values())).toBeLessThanOrEqual(servers.length);
    expect([...windows.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(servers.length * 3);
  });
});

describe('when the checkout fails', () => {
  it('a 500: pages as before, one warning per instance when it begins, one info line when it ends', async () => {
    const readsBefore = standIn.calls.length;
    // Only this outage's lines: a busy machine may have timed a read out before it, an outage of its own.
    const linesBefore = servers.map((server) => lines(server).length);
    standIn.setFault('server_error');
    await untilLogged('spots_source_error');
    // One more failed poll on each: still one warning.
    await untilReads(readsBefore, 2 * servers.length);
    for (const server of servers) expect((await get(`${server.url}/`)).body).toContain('Quedan 2 de 32');
    standIn.setFault(null);
    await untilLogged('spots_source_recovered');
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
    standIn.setFault('unauthorized');
    await untilLogged('spots_source_error', 2);
    standIn.setFault(null);
    await untilLogged('spots_source_recovered', 2);
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
  it.each([
    [{ STRIPE_SECRET_KEY: KEY }, 'Cannot start: STRIPE_SECRET_KEY is set but STRIPE_PAYMENT_LINK is not: set both to count the Early Bird spots, or neither'],
    [
      { STRIPE_PAYMENT_LINK: LINK },
      'Cannot start: STRIPE_PAYMENT_LINK is set but STRIPE_SECRET_KEY is not: set both to count the Early Bird spots, or neither',
    ],
    [
      { STRIPE_SECRET_KEY: `${KEY}!`, STRIPE_PAYMENT_LINK: LINK },
      'Cannot start: Invalid STRIPE_SECRET_KEY: expected a Stripe secret key (sk_...) or, better, a restricted key (rk_...); the value is not shown',
    ],
    [
      { ...PRODUCTION_SETTINGS, NODE_ENV: 'production', STRIPE_SECRET_KEY: KEY, STRIPE_PAYMENT_LINK: LINK, STRIPE_API_URL: 'http://127.0.0.1:9' },
      'Cannot start: Invalid STRIPE_API_URL: expected https://api.stripe.com with NODE_ENV=production, got "http://127.0.0.1:9"',
    ],
  ])('refuses %o with one line, exit 1, and never the key', (env, message) => {
    const result = runToExit(env);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([message]);
    expect(result.stderr).not.toContain(KEY.slice(8));
  });

  it('is not ready while its first read hangs, and ready once it has timed out, without a count', async () => {
    const hanging = await startStripeStandIn({ key: KEY, linkId: LINK });
    hanging.setFault('hang');
    // A 6 s interval: its read times out after 3 s, ample time to find the instance still starting.
    const server = await startBuiltServer({
      ...sellingEnv(DAY_MS),
      STRIPE_SECRET_KEY: KEY,
      STRIPE_PAYMENT_LINK: LINK,
      STRIPE_API_URL: hanging.url,
      SPOTS_POLL_SECONDS: '6',
    });
    try {
      const first = await get(`${server.url}/healthz`);
      expect(first.status).toBe(503);
      expect(first.body).toBe('{"status":"starting"}');
      await waitUntil('ready once the first read has timed out', async () => (await get(`${server.url}/healthz`)).status === 200, BOUND_MS);
      expect(spotsLine((await get(`${server.url}/`)).body)).toBe('Solo 30 lugares con este precio');
    } finally {
      await server.stop();
      await hanging.close();
    }
  });
});
