/**
 * The two probes a platform asks: /healthz (readiness: send this instance visitors?) and /livez (liveness: is the
 * process alive at all?). Starting and draining make an instance unready, never dead: a liveness probe that
 * failed then would restart a pod whose first read of the checkout is slow, or cut its shutdown short.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import type { SpotsFeed } from '../../server/spots/poller';
import { testApp } from '../helpers/testApp';

const SPOTS_ENV = { STRIPE_SECRET_KEY: 'rk_test_51ProbesKeyProbesKey', STRIPE_PAYMENT_LINK: 'plink_1Probes' };
const firstReadPending: SpotsFeed = { current: () => null, ready: () => false };

describe.each([
  ['serving', {}, 200, { status: 'ok' }],
  ['starting (its first read of the checkout on the way)', { env: SPOTS_ENV, spots: firstReadPending }, 503, { status: 'starting' }],
  ['draining (the lame duck)', { draining: () => true }, 503, { status: 'draining' }],
] as const)('an instance %s', (_name, options, readiness, body) => {
  it(`is ${readiness === 200 ? 'ready' : 'unready'} at ${ROUTES.health.path}, and alive at ${ROUTES.liveness.path}`, async () => {
    const { app } = testApp(options);
    const ready = await request(app).get(ROUTES.health.path);
    expect([ready.status, ready.body]).toEqual([readiness, body]);
    const live = await request(app).get(ROUTES.liveness.path);
    expect([live.status, live.body]).toEqual([200, { status: 'alive' }]);
    expect(live.headers['cache-control']).toBe('no-store');
  });
});
