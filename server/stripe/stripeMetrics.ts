import { Counter, type Registry } from 'prom-client';
import { LANE_NAMES } from './pace';
import type { StripeBoundary } from './stripeBoundary';

/** Every call the instance made to Stripe, by the lane it waited its turn in: what share of Stripe's limits it takes. */
export function registerStripeMetrics(registry: Registry, stripe: StripeBoundary): void {
  // The boundary counts its calls; the counter mirrors them when scraped.
  new Counter({
    name: 'taller_stripe_calls_total',
    help: 'Calls to Stripe, by lane (wave, waveRefunds, write, list, read, poll, owner, pages): server/stripe/pace.ts gives each its rate.',
    labelNames: ['lane'] as const,
    registers: [registry],
    collect() {
      const calls = stripe.calls();
      this.reset();
      for (const lane of LANE_NAMES) this.inc({ lane }, calls[lane]);
    },
  });
}
