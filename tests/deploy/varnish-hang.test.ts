import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SETTINGS, type RunningServer, startBuiltServer } from '../../scripts/lib/harness';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

/**
 * deploy/varnish/taller.vcl with real varnishd in front of the fleet's minimum, two instances of the built server, one
 * of which hangs (SIGSTOP) under load. The requests that reach an instance every time (the probe route, which no cache
 * stores) are the ones a hang can cost: each one in flight at the hung instance must be answered by the other.
 */
let instances: RunningServer[] = [];
let varnish: RunningVarnish;

beforeAll(async () => {
  instances = await Promise.all([startBuiltServer(PRODUCTION_SETTINGS), startBuiltServer(PRODUCTION_SETTINGS)]);
  varnish = await startVarnish(instances.map((instance, index) => ({ name: `instance_${index + 1}`, port: instance.port })));
  await varnish.untilHealthy(['instance_1', 'instance_2']);
});

afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGCONT');
  await varnish?.stop();
  await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
});

/** GET `target` through the cache over `agent`: its status, or the error that took its place. */
const status = (port: number, target: string, agent: http.Agent): Promise<number | string> =>
  new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(8_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve(error.message));
    req.end();
  });

describe('deploy/varnish/taller.vcl with two instances, one hung', () => {
  it('answers every request in flight at the hung instance from the other one, before and after the probes mark it sick', async () => {
    // Enough connections that the requests held by the hung instance never queue the others behind them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const answers: Promise<number | string>[] = [];
    // 100 requests/s for 3 s, the hang half a second in: requests reach the hung instance until its probes mark it
    // sick (1.5 to 2.5 s later), and their 2 s first-byte timeouts run out on both sides of that moment.
    const started = Date.now();
    for (let n = 0; n < 300; n += 1) {
      const wait = started + n * 10 - Date.now();
      if (wait > 0) await sleep(wait);
      if (n === 50) instances[1]?.child.kill('SIGSTOP');
      answers.push(status(varnish.port, `/healthz?n=${n}`, agent));
    }
    const statuses = await Promise.all(answers);
    agent.destroy();
    const failed = statuses.filter((answer) => answer !== 200);
    expect(failed, `${failed.length} of ${statuses.length} requests failed`).toEqual([]);
    // It did meet the hang: requests were retried, from the hung instance to the other.
    const retried = (await varnish.vclLog()).filter((line) => line.startsWith('retry GET /healthz'));
    expect(retried.length).toBeGreaterThan(0);
    for (const line of retried) expect(line).toMatch(/ from instance_2 to instance_1$/);
  });
});
