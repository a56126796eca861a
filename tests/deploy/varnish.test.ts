import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADER_NAMES } from '../../server/http/security';
import { outage } from '../../shared/content/errorPageWords';
import { freePort, PRODUCTION_SETTINGS, type RunningServer, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { TWIN_ATTEMPT_FIELDS } from '../../scripts/lib/localVarnish';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

/**
 * deploy/varnish/taller.vcl with real varnishd, in front of the built server and of an instance that passes its
 * probes but drops every other request without a word (a process that crashed mid-request). What a visitor
 * gets, and what an operator can count.
 */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const ask = (port: number, target: string, method = 'GET'): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });

let instance: RunningServer;
let varnish: RunningVarnish;
/** Every request the dropping instance received, its probes aside (Varnish's own, which carry no X-Varnish). */
const dropped: string[] = [];
const dropper = http.createServer((req, res) => {
  if (req.url === '/healthz' && !req.headers['x-varnish']) return void res.end('{"status":"ok"}');
  dropped.push(`${req.method} ${req.url}`);
  req.socket.destroy();
});
/** A request that reaches an instance every time: the probe route, which no cache stores. */
const passed = (): string => '/healthz';

beforeAll(async () => {
  await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
  const dropperPort = (dropper.address() as { port: number }).port;
  instance = await startBuiltServer(PRODUCTION_SETTINGS);
  varnish = await startVarnish([
    { name: 'instance', port: instance.port },
    { name: 'dropper', port: dropperPort },
  ]);
  // Both instances in rotation, and the outage page kept (its keeper's probe has had its 503, the origin's).
  await varnish.untilHealthy(['instance', 'dropper', 'cache_itself']);
});

afterAll(async () => {
  await varnish?.stop();
  await instance?.stop('SIGKILL');
  dropper.close();
});

describe('deploy/varnish/taller.vcl in front of a failing instance', () => {
  it('retries a GET the instance dropped once, on the other instance, and logs and counts each retry', async () => {
    // Each request draws its instance at random: ask until the dropper has had a few.
    const answers = [];
    const droppedGets = () => dropped.filter((line) => line === 'GET /healthz').length;
    while (droppedGets() < 3 && answers.length < 40) answers.push(await ask(varnish.port, passed()));
    expect(droppedGets()).toBe(3);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const retried = (await varnish.vclLog()).filter((line) => line.startsWith('retry GET /healthz:'));
    expect(retried).toHaveLength(3);
    for (const line of retried) expect(line).toMatch(/ from dropper to instance$/);
    // Counted where an operator looks: varnishstat, at the twin of the instance each retry went to, summed as the VCL's
    // comment and the rehearsal sum them (TWIN_ATTEMPT_FIELDS). Other GETs are retried too: the cache's own refresh
    // of the outage page, and, on a machine too busy for an instance to answer within its bound, a request first sent to it.
    const attemptsAt = async (twin: string): Promise<number> =>
      Object.values(await varnish.counters(...TWIN_ATTEMPT_FIELDS.map((field) => `VBE.*.${twin}.${field}`))).reduce((sum, value) => sum + value, 0);
    const uncounted = async (): Promise<string[]> => {
      const logged = (await varnish.vclLog()).filter((line) => line.startsWith('retry '));
      const differences: string[] = [];
      for (const instance of ['instance', 'dropper']) {
        const written = logged.filter((line) => line.endsWith(` to ${instance}`)).length;
        const counted = await attemptsAt(`${instance}_retry`);
        if (counted !== written) differences.push(`to ${instance}: ${written} logged, ${counted} counted`);
      }
      return differences;
    };
    await expect.poll(uncounted).toEqual([]);
  });

  it("with no instance answering, shows the kept outage page: Spanish, 503, Retry-After, the origin's headers, stored nowhere", async () => {
    const original = await ask(instance.port, '/_outage');
    await instance.stop('SIGKILL');
    dropped.length = 0;
    const answer = await ask(varnish.port, passed());
    // Two attempts at most: the first instance, then one retry.
    expect(dropped.length).toBeLessThanOrEqual(2);
    expect(answer.status).toBe(503);
    expect(answer.body).toBe(original.body);
    expect(answer.body).toContain(`mailto:${PRODUCTION_SETTINGS.CONTACT_EMAIL}`);
    expect(answer.headers['retry-after']).toBe(original.headers['retry-after']);
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const name of SECURITY_HEADER_NAMES) expect(answer.headers[name], name).toBe(original.headers[name]);
    expect(JSON.stringify(answer.headers) + answer.body).not.toMatch(/varnish|guru meditation|backend fetch failed/i);
    // A HEAD, and a request once the probes have taken both out, get the same.
    expect((await ask(varnish.port, passed(), 'HEAD')).status).toBe(503);
    await waitUntil('the killed instance taken out', async () => (await varnish.health()).get('instance') === false);
    expect((await ask(varnish.port, '/prompt1')).body).toBe(original.body);
  });
});

describe('deploy/varnish/taller.vcl started while no instance answers', () => {
  it("answers with the last-resort page: the outage page's words, 503, stored nowhere, nothing of Varnish", async () => {
    const nobody = await startVarnish([{ name: 'gone', port: await freePort() }]);
    try {
      const answer = await ask(nobody.port, '/');
      expect(answer.status).toBe(503);
      expect(answer.body).toContain('<html lang="es">');
      expect(answer.body).toContain(outage.heading);
      expect(answer.body).toContain(outage.text);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect(JSON.stringify(answer.headers) + answer.body).not.toMatch(/varnish|guru meditation|backend fetch failed/i);
      // The outage page itself, asked for with none kept: a 500, which the keeper's probe (expecting the origin's
      // 503) reads as sick, so that cache_itself is healthy only while the page is kept.
      const unkept = await ask(nobody.port, '/_outage');
      expect(unkept.status).toBe(500);
      expect(unkept.body).toBe(answer.body);
      expect(JSON.stringify(unkept.headers)).not.toMatch(/varnish|x-taller/i);
    } finally {
      await nobody.stop();
    }
  });
});
