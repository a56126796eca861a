/**
 * The app reads who sent a request as the cache does (server/http/clientAddress.ts): X-Forwarded-For walked from the
 * right past TRUSTED_PROXIES. What it decides by that address: a delivery Stripe signed that came from an address not
 * among Stripe's published ones is logged, so that the operator adds it to both lists (or a proxy to TRUSTED_PROXIES).
 * Through the real app and supertest, against the Stripe stand-in and a real SMTP server: a header forged by a client
 * the app does not trust changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_ADDRESSES } from '../../server/http/stripeDeliveries';
import { deliver, type Rig, signed, startRig } from '../helpers/fulfilment';
import { BEFORE_DEADLINE_MS, testApp } from '../helpers/testApp';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

const [STRIPE] = [...STRIPE_WEBHOOK_ADDRESSES];

/** A paid purchase's event delivered to a new instance with TRUSTED_PROXIES set so, the proxies in front naming `forwardedFor`. */
async function delivered(trustedProxies: string, forwardedFor: string | null): Promise<{ status: number; unlisted: unknown[] }> {
  const { app, logs } = testApp({ now: BEFORE_DEADLINE_MS, env: { ...rig.env(), TRUSTED_PROXIES: trustedProxies } });
  const delivery = signed(rig, 'checkout.session.completed', rig.stripe.checkout.createSession('paid'), BEFORE_DEADLINE_MS);
  const sent = deliver(app, delivery);
  const { status } = await (forwardedFor === null ? sent : sent.set('X-Forwarded-For', forwardedFor));
  return { status, unlisted: logs.filter((line) => line.event === 'stripe_webhook_unlisted').map((line) => line.address) };
}

describe('a signed delivery, by the address it came from', () => {
  it("from Stripe's address, named by a trusted proxy (written IPv4-mapped, or past a second proxy): nothing to say", async () => {
    expect(await delivered('127.0.0.1', STRIPE ?? '')).toEqual({ status: 200, unlisted: [] });
    expect(await delivered('127.0.0.1', `::ffff:${STRIPE}`)).toEqual({ status: 200, unlisted: [] });
    expect(await delivered('127.0.0.0/8,10.0.0.0/8', `${STRIPE}, 10.1.2.3`)).toEqual({ status: 200, unlisted: [] });
  });

  it('from an address Stripe does not list: taken, and logged with that address', async () => {
    expect(await delivered('127.0.0.1', '198.51.100.9')).toEqual({ status: 200, unlisted: ['198.51.100.9'] });
    // What a client wrote to the left of the entry its proxy made is never reached.
    expect(await delivered('127.0.0.1', `${STRIPE}, 198.51.100.9`)).toEqual({ status: 200, unlisted: ['198.51.100.9'] });
  });

  it("from a client the app does not trust, that names Stripe's address itself: the header changes nothing", async () => {
    expect(await delivered('', STRIPE ?? '')).toEqual({ status: 200, unlisted: ['127.0.0.1'] });
    expect(await delivered('10.0.0.0/8', STRIPE ?? '')).toEqual({ status: 200, unlisted: ['127.0.0.1'] });
    expect(await delivered('', null)).toEqual({ status: 200, unlisted: ['127.0.0.1'] });
  });
});
