// Acceptance 3: latency through the cache against nginx serving the same bytes, interleaved, at the same fixed rate.
import autocannon from 'autocannon';
import { median } from '../../lib/stats.ts';

const CONNECTIONS = 16;
/**
 * Requests/s offered to each, in all: a rate a shared 2-core machine sustains with the load generator on it, never
 * as many as the machine allows, so that the run makes the same requests on any machine. At an equal rate the two
 * latencies compare what serving those bytes costs each; a server that falls behind shows as answered < offered.
 */
const RATE = 2_000;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** One in four requests is a shared link with its own utm_campaign: one cache entry once stripped. */
function sharedLinks(): autocannon.Request[] {
  let count = 0;
  return [
    {
      setupRequest(request) {
        count += 1;
        return { ...request, path: count % 4 === 0 ? `/?utm_source=whatsapp&utm_campaign=share-${count}` : '/' };
      },
    },
  ];
}

const measure = (port: number, seconds: number): Promise<autocannon.Result> =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    headers: HEADERS,
    requests: sharedLinks(),
  });

/**
 * `rounds` rounds of nginx then the cache, `seconds` each, so the machine's drift hits both alike. Returns
 * the median round of each, and the time windows the cache was measured in (to count what reached the
 * instances).
 */
export interface RoundsSummary {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

export interface Throughput {
  cache: RoundsSummary;
  floor: RoundsSummary;
  windows: [from: number, to: number][];
  connections: number;
  /** Requests/s offered to each. */
  rate: number;
}

export async function compareWithFloor({
  cachePort,
  floorPort,
  rounds,
  seconds,
}: {
  cachePort: number;
  floorPort: number;
  rounds: number;
  seconds: number;
}): Promise<Throughput> {
  const results: Record<'cache' | 'floor', autocannon.Result[]> = { cache: [], floor: [] };
  const windows: [number, number][] = [];
  for (let round = 0; round < rounds; round += 1) {
    results.floor.push(await measure(floorPort, seconds));
    const from = Date.now();
    results.cache.push(await measure(cachePort, seconds));
    windows.push([from, Date.now()]);
  }
  // The median round: the machine is shared, and one disturbed round should not move the figure.
  const summary = (list: autocannon.Result[]): RoundsSummary => ({
    rps: median(list.map((result) => result.requests.average)),
    p50: median(list.map((result) => result.latency.p50)),
    p99: median(list.map((result) => result.latency.p99)),
    requests: list.reduce((sum, result) => sum + result.requests.total, 0),
    errors: list.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
  });
  return { cache: summary(results.cache), floor: summary(results.floor), windows, connections: CONNECTIONS, rate: RATE };
}
