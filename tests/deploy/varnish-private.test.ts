/**
 * deploy/varnish/taller.vcl with real varnishd, in front of the built server with the buyer's mails on (the Stripe
 * stand-in, a real SMTP server) and of an instance that drops every request: a buyer's /gracias and personal link
 * reach the origin each time (the link's token as it came) and are stored nowhere, are never retried, and Stripe's
 * webhook passes through to a mail.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionEvent, signedEvent } from '../../scripts/lib/stripeCheckoutStandIn';
import { type RunningServer, sellingEnv, startBuiltServer, waitUntil } from '../../scripts/lib/harness';
import { accessPathOf, type Rig, startRig, WEBHOOK_SECRET } from '../helpers/fulfilment';
import { type RunningVarnish, startVarnish } from '../helpers/varnish';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const ask = (
  port: number,
  target: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });

let rig: Rig;
let instance: RunningServer;
let varnish: RunningVarnish;
const dropped: string[] = [];
const dropper = http.createServer((req, res) => {
  if (req.url === '/healthz') return void res.end('{"status":"ok"}');
  dropped.push(`${req.method} ${req.url}`);
  req.socket.destroy();
});
/** Requests the instance itself received, probes aside. */
const reached = () => instance.stdout.filter((line) => line.includes('"event":"request"') && !line.includes('/healthz') && !line.includes('/_outage'));

beforeAll(async () => {
  rig = await startRig();
  await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
  // A sale in progress: a purchase made now is a buyer's, not one after the workshop (refunded instead).
  instance = await startBuiltServer({ ...rig.env(), ...sellingEnv() });
  varnish = await startVarnish([
    { name: 'instance', port: instance.port },
    { name: 'dropper', port: (dropper.address() as { port: number }).port },
  ]);
  await varnish.untilHealthy(['instance', 'dropper']);
});

afterAll(async () => {
  await varnish?.stop();
  await instance?.stop('SIGKILL');
  await rig?.close();
  dropper.close();
});

describe('/gracias and the webhook behind the shipped VCL', () => {
  it("a paid buyer's page reaches the origin every time, private and unstored, and is never retried", async () => {
    const sessionId = rig.stripe.checkout.createSession('paid');
    const answers: Answer[] = [];
    // Each request draws an instance at random: ask until the dropper has dropped one and the instance answered two.
    const fromInstance = () => answers.filter((answer) => answer.status === 200);
    // (The keeper's probe may land a GET /_outage on the dropper meanwhile: only the buyer's page counts.)
    const droppedPages = () => dropped.filter((line) => line.startsWith('GET /gracias')).length;
    // Each from an address of its own, as the ingress names it: the edge limits each client on this page.
    while ((fromInstance().length < 2 || droppedPages() === 0) && answers.length < 40)
      answers.push(await ask(varnish.port, `/gracias?session_id=${sessionId}`, { headers: { 'x-forwarded-for': `198.18.0.${answers.length + 1}` } }));
    expect(fromInstance().length).toBeGreaterThanOrEqual(2);
    for (const answer of fromInstance()) {
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-cache']).toBe('MISS');
      expect(answer.body).toContain('Tu lugar está confirmado');
    }
    const logged = () => reached().filter((line) => line.includes('/gracias?session_id=[redacted]')).length;
    await waitUntil('each request logged by the instance', () => logged() >= fromInstance().length);
    expect(logged()).toBe(fromInstance().length);
    // Each one the dropper dropped was not sent to the instance again: its visitor got the outage page. (How many the
    // dropper gets before the instance has answered two is chance: each request draws its instance.)
    expect(droppedPages()).toBeGreaterThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 503)).toHaveLength(droppedPages());
    expect(answers).toHaveLength(fromInstance().length + droppedPages());
    expect((await varnish.vclLog()).filter((line) => line.startsWith('retry') && line.includes('/gracias'))).toEqual([]);
  });

  it("passes a buyer's personal link to the origin with its token as it came, every time, unstored and never retried", async () => {
    const path = accessPathOf(rig.stripe.checkout.createSession('paid'));
    const answers: Answer[] = [];
    const fromInstance = () => answers.filter((answer) => answer.status !== 503);
    const droppedLinks = () => dropped.filter((line) => line.startsWith('GET /acceso/')).length;
    // Each from an address of its own, as the ingress names it: the edge limits each client on these pages too.
    while ((fromInstance().length < 2 || droppedLinks() === 0) && answers.length < 40) {
      answers.push(await ask(varnish.port, `${path}/`, { headers: { 'x-forwarded-for': `198.18.1.${answers.length + 1}` } }));
    }
    expect(fromInstance().length).toBeGreaterThanOrEqual(2);
    // The signature checks out at the instance: the token's letters kept their case on the way.
    for (const answer of fromInstance()) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-cache']).toBe('MISS');
    }
    expect(dropped.filter((line) => line.startsWith('GET /acceso/'))).toEqual(Array(droppedLinks()).fill(`GET ${path}`));
    expect(answers.filter((answer) => answer.status === 503)).toHaveLength(droppedLinks());
    // The instance writes a request's line once its answer is out: wait for each, rather than race it.
    const logged = () => reached().filter((line) => line.includes('/acceso/[redacted]')).length;
    await waitUntil('each visit logged by the instance', () => logged() >= fromInstance().length);
    expect(logged()).toBe(fromInstance().length);
    expect(reached().join('\n')).not.toContain(path.split('.')[1]);
  });

  it("passes Stripe's signed POST to the origin, which sends the mail", async () => {
    const sessionId = rig.stripe.checkout.createSession('paid', { buyer: { name: 'Inés', email: 'ines@correo.example.org' } });
    const session = rig.stripe.checkout.session(sessionId);
    const { payload, signature } = signedEvent(sessionEvent('checkout.session.completed', session!), WEBHOOK_SECRET);
    const post = () =>
      ask(varnish.port, '/webhooks/stripe', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
    let answer = await post();
    // Stripe delivers again when it gets anything but a 2xx: here, when the dropper had it.
    while (answer.status !== 200 && dropped.length < 40) answer = await post();
    expect(answer.status).toBe(200);
    expect(answer.headers['x-cache']).toBe('MISS');
    expect(rig.smtp.received.filter((mail) => mail.to.includes('ines@correo.example.org'))).toHaveLength(1);
  });
});
