/**
 * The one Stripe client (server/stripe/client.ts), the real SDK against the stand-in: every call ends at its
 * deadline and closes its socket, however slowly the answer comes, and a call's own `timeout` cannot lengthen it. A
 * view of the boundary (server/stripe/stripeBoundary.ts) ends its calls at its own, shorter deadline, the same way.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripeClient } from '../../server/stripe/client';
import { stripeBoundary } from '../../server/stripe/stripeBoundary';
import { allIn } from '../../server/stripe/pace';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { waitUntil } from '../../scripts/lib/harness';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';
import { warmUpFetch } from '../helpers/warmFetch';

const KEY = 'rk_test_51ClientDeadlineKey0123456789';
const LINK = 'plink_1ClientDeadline';
/** Longer than the trickle's pace, so a timeout that restarts on each byte would never fire. */
const DEADLINE_MS = 300;
/** Far under the minutes a trickled answer takes, far over the deadline on a busy machine. */
const GIVE_UP_MS = WAIT_BOUND_MS;

let standIn: StripeStandIn;
beforeAll(warmUpFetch);
beforeEach(async () => {
  standIn = await startStripeStandIn({ key: KEY, linkId: LINK });
});
afterEach(async () => {
  await standIn.close();
});

const client = () => stripeClient({ secretKey: KEY, apiUrl: new URL(standIn.url), deadlineMs: DEADLINE_MS });

/** How a call ended and after how long; 'pending' if it had not after GIVE_UP_MS. */
async function timed(call: Promise<unknown>): Promise<{ outcome: string; elapsedMs: number }> {
  const started = Date.now();
  const outcome = await Promise.race([
    call.then(
      () => 'answered',
      (error: { type?: string }) => String(error.type),
    ),
    sleep(GIVE_UP_MS).then(() => 'pending'),
  ]);
  return { outcome, elapsedMs: Date.now() - started };
}

describe('the Stripe client', () => {
  it('reads through the configured API URL with the key', async () => {
    standIn.sell(4);
    const link = await client().paymentLinks.retrieve(LINK);
    expect(link.restrictions?.completed_sessions).toEqual({ count: 4, limit: 30 });
    expect(standIn.calls).toMatchObject([{ path: `/v1/payment_links/${LINK}`, authorized: true }]);
  });

  it.each(['trickle', 'hang'] as const)('%s: the call fails at its deadline and its connection is closed then', async (fault) => {
    standIn.setFault(fault);
    const { outcome, elapsedMs } = await timed(client().paymentLinks.retrieve(LINK));
    expect(outcome).toBe('StripeConnectionError');
    expect(elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    // The stand-in sees the client hang up: the socket is closed, not left to trickle behind a settled promise.
    await waitUntil('the stand-in to see the client hang up', () => standIn.calls[0]?.abandonedAtMs !== undefined, GIVE_UP_MS, 10);
  });

  it('a reset connection: one attempt, never retried', async () => {
    standIn.setFault('reset');
    expect((await timed(client().paymentLinks.retrieve(LINK))).outcome).toBe('StripeConnectionError');
    expect(standIn.calls).toHaveLength(1);
  });

  it.each(['trickle', 'hang'] as const)("%s: a view's own deadline, shorter than the client's, ends the call and closes its connection", async (fault) => {
    standIn.setFault(fault);
    const view = stripeBoundary({ secretKey: () => KEY, apiUrl: new URL(standIn.url) }).view({ deadlineMs: DEADLINE_MS, lanes: allIn('poll') });
    const { outcome, elapsedMs } = await timed(view.paymentLink(LINK));
    expect(outcome).toBe('StripeConnectionError');
    expect(elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    await waitUntil('the stand-in to see the client hang up', () => standIn.calls[0]?.abandonedAtMs !== undefined, GIVE_UP_MS, 10);
  });

  it("a call's own longer timeout cannot lengthen the deadline", async () => {
    standIn.setFault('trickle');
    const { outcome } = await timed(client().paymentLinks.retrieve(LINK, {}, { timeout: 60_000 }));
    expect(outcome).toBe('StripeConnectionError');
  });
});
