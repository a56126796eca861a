// Acceptance 3: requests/s and latency through the cache against nginx serving the same bytes, interleaved.
import autocannon from 'autocannon';
import { median } from '../../lib/stats.ts';

const CONNECTIONS = 32;
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
  autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds, headers: HEADERS, requests: sharedLinks() });

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
  return { cache: summary(results.cache), floor: summary(results.floor), windows, connections: CONNECTIONS };
}
