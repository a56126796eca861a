/**
 * METRICS_PORT on the built server: Prometheus's /metrics on a listener of its own, apart from the public port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, PRODUCTION_SETTINGS, sellingEnv, startBuiltServer, type RunningServer } from '../../scripts/lib/harness';

describe('the metrics listener', () => {
  let server: RunningServer;
  let metricsUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}`;
    server = await startBuiltServer({ ...PRODUCTION_SETTINGS, ...sellingEnv(86_400_000), METRICS_PORT: String(port) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves Prometheus text on its own port, counting what the public port answered', async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{route="\/",method="GET",status="200"\} 1$/m);
    expect(text).toMatch(/^taller_sale_state\{state="early-bird"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('is not on the public port, and answers nothing else on its own', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('logs where it listens, and lets the server stop with exit 0', async () => {
    expect(server.stdout.some((line) => line.includes('"event":"metrics_listening"'))).toBe(true);
    expect(await server.stop()).toBe(0);
  });
});
