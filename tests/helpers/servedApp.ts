/**
 * The real app (tests/helpers/testApp.ts: assembled as the entry assembles it) listening on a loopback port of its own,
 * with PUBLIC_URL its own origin, as production serves it: for a browser. Its time is the test's: an instant, or one
 * that runs on from an instant (runningFrom), as the buyers' pages' budgets of reads need to fill again. Nothing runs
 * on a timer, so its calls to Stripe go out at once, unpaced (server/stripe/pace.ts): what a test proves of a buyer's
 * click does not wait for the lanes' turns, which tests/unit/stripe-lanes.test.ts and the sweep's tests hold.
 */
import type { Server } from 'node:http';
import type { Environment } from '../../server/config/settings';
import type { Clock } from '../../server/ops/clock';
import { freePort } from '../../scripts/lib/harness';
import { testApp } from './testApp';

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** A clock that reads `fromMs` now and runs on as time does. */
export function runningFrom(fromMs: number): Clock {
  const startedAt = Date.now();
  return () => fromMs + (Date.now() - startedAt);
}

/** On `port` (a free one by default), with PUBLIC_URL `publicUrl` (by default its own origin: a proxy in front has its own). */
export async function serveApp({
  now,
  env,
  port: asked,
  publicUrl,
}: {
  now: number | Clock;
  env: Environment;
  port?: number;
  publicUrl?: string;
}): Promise<ServedApp> {
  const port = asked ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const { app } = testApp({ now, env: { ...env, PUBLIC_URL: publicUrl ?? url } });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
