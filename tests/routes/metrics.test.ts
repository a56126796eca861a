/**
 * The Prometheus metrics the app keeps, read from its registry as Prometheus would scrape them.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/settings';
import { startSpotsPoller } from '../../server/spots/poller';
import { routeList } from '../../shared/routes';
import { DEFAULT_DEADLINE_MS, TEST_START_MS, testApp } from '../helpers/testApp';
import { capturedLogger } from '../helpers/logs';
import { seriesValue } from '../helpers/seriesValue';
import { manualTime } from '../spots/time';

describe('metrics', () => {
  it('count requests by route, method and status, with the raw path of an unknown URL never a label', async () => {
    const { app, metrics } = testApp({ withMetrics: true });
    await request(app).get('/');
    await request(app).get('/');
    await request(app).head('/prompt1');
    await request(app).get('/un-camino-que-nadie-conoce');
    await request(app).post('/');
    await request(app).get('/favicon.svg');
    const text = await metrics!.registry.metrics();
    expect(seriesValue(text, 'http_requests_total{route="/",method="GET",status="200"}')).toBe(2);
    expect(seriesValue(text, 'http_requests_total{route="/prompt1",method="HEAD",status="200"}')).toBe(1);
    expect(seriesValue(text, 'http_requests_total{route="not_found",method="GET",status="404"}')).toBe(1);
    // One bounded label for the pages' method check: their paths, from the route table.
    const pages = routeList.filter((route) => route.kind === 'page').map((route) => route.path);
    expect(pages).toEqual(['/', '/prompt1', '/terminos', '/reembolsos', '/privacidad']);
    expect(seriesValue(text, `http_requests_total{route="${pages.join('|')}",method="POST",status="405"}`)).toBe(1);
    expect(seriesValue(text, 'http_requests_total{route="static",method="GET",status="200"}')).toBe(1);
    expect(text).not.toContain('un-camino-que-nadie-conoce');
    expect(seriesValue(text, 'http_request_duration_seconds_count{route="/",method="GET"}')).toBe(2);
    expect(seriesValue(text, 'http_request_duration_seconds_bucket{le="+Inf",route="/",method="GET"}')).toBe(2);
  });

  it('count page renders by page and state, against bodies served from memory', async () => {
    let now = DEFAULT_DEADLINE_MS - 10_000;
    const { app, metrics } = testApp({ now: () => now, withMetrics: true });
    await request(app).get('/');
    await request(app).get('/');
    await request(app).get('/');
    now = DEFAULT_DEADLINE_MS;
    await request(app).get('/');
    const text = await metrics!.registry.metrics();
    expect(seriesValue(text, 'taller_page_renders_total{page="landing",state="early-bird"}')).toBe(1);
    expect(seriesValue(text, 'taller_page_memory_hits_total{page="landing",state="early-bird"}')).toBe(2);
    expect(seriesValue(text, 'taller_page_renders_total{page="landing",state="normal"}')).toBe(1);
  });

  it('report the current state of the sale from the injected clock', async () => {
    let now = DEFAULT_DEADLINE_MS - 1;
    const { metrics } = testApp({ now: () => now, withMetrics: true });
    const current = async () => {
      const text = await metrics!.registry.metrics();
      return ['early-bird', 'normal', 'sold-out', 'closed'].filter((state) => seriesValue(text, `taller_sale_state{state="${state}"}`) === 1);
    };
    expect(await current()).toEqual(['early-bird']);
    now = DEFAULT_DEADLINE_MS;
    expect(await current()).toEqual(['normal']);
    now = TEST_START_MS;
    expect(await current()).toEqual(['closed']);
  });

  it('include the process’s default metrics', async () => {
    const text = await testApp({ withMetrics: true }).metrics!.registry.metrics();
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it("include the spots' counters where a poller counts them, as the entry's do: one assembly for both", async () => {
    const time = manualTime(DEFAULT_DEADLINE_MS - 60_000);
    const poller = startSpotsPoller({
      source: { name: 'test', read: async () => ({ count: 12, limit: 30, active: true }) },
      intervalMs: 10_000,
      fallbackLimit: 30,
      clock: time.clock,
      scheduler: time.scheduler,
      logger: capturedLogger().logger,
    });
    await poller.firstPoll;
    const text = await testApp({ now: time.clock, withMetrics: true, spots: poller }).metrics!.registry.metrics();
    poller.stop();
    expect(seriesValue(text, 'taller_spots_remaining')).toBe(18);
    expect(seriesValue(text, 'taller_spots_source_up')).toBe(1);
    expect(seriesValue(text, 'taller_spots_poll_interval_seconds')).toBe(10);
  });

  it('are never served on the public port', async () => {
    const { app } = testApp({ withMetrics: true });
    expect((await request(app).get('/metrics')).status).toBe(404);
  });
});

describe('METRICS_PORT', () => {
  it('is off when unset, a port when set, and never the public port', () => {
    expect(readConfig({}, DEFAULT_DEADLINE_MS).metricsPort).toBeNull();
    expect(readConfig({ METRICS_PORT: '9464' }, DEFAULT_DEADLINE_MS).metricsPort).toBe(9464);
    expect(() => readConfig({ METRICS_PORT: '3000' }, DEFAULT_DEADLINE_MS)).toThrow('Invalid METRICS_PORT: expected a port other than PORT (3000), got "3000"');
    expect(() => readConfig({ METRICS_PORT: 'metrics' }, DEFAULT_DEADLINE_MS)).toThrow(/^Invalid METRICS_PORT: expected an integer from 1 to 65535/);
  });
});
