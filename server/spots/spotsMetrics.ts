import { Counter, Gauge, type Registry } from 'prom-client';
import { READ_OUTCOMES, type SpotsFeed, type SpotsStatus } from './poller';

/** The checkout's spots as this instance last read them, and how its reads went. */
export function registerSpotsMetrics(registry: Registry, spots: SpotsFeed & { status(): SpotsStatus }): void {
  new Gauge({
    name: 'taller_spots_remaining',
    help: 'Early Bird spots left as the checkout last reported them (absent before its first answer).',
    registers: [registry],
    collect() {
      const current = spots.current();
      if (current) this.set(current.remaining);
    },
  });
  new Gauge({
    name: 'taller_spots_source_up',
    help: "1 when the checkout's last read succeeded, 0 when it failed (absent before the first).",
    registers: [registry],
    collect() {
      const { up } = spots.status();
      if (up !== null) this.set(up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'taller_spots_last_success_timestamp_seconds',
    help: 'When the checkout last answered a read, in seconds since the epoch.',
    registers: [registry],
    collect() {
      const { lastSuccessMs } = spots.status();
      if (lastSuccessMs !== null) this.set(lastSuccessMs / 1000);
    },
  });
  new Gauge({
    name: 'taller_spots_failed_reads_in_a_row',
    help: 'Reads that failed since the last that succeeded: how many polls the checkout has been down.',
    registers: [registry],
    collect() {
      this.set(spots.status().failedInARow);
    },
  });
  new Gauge({
    name: 'taller_spots_poll_interval_seconds',
    help: 'How often this instance reads the checkout (SPOTS_POLL_SECONDS): alerts count polls with it.',
    registers: [registry],
    collect() {
      this.set(spots.status().intervalMs / 1000);
    },
  });
  // The poller counts its reads; the counter mirrors them when scraped.
  new Counter({
    name: 'taller_spots_reads_total',
    help: 'Reads of the checkout, by outcome: ok, unavailable (unreachable, timeout, 5xx, 429), credentials (401/403), link (404).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const { reads } = spots.status();
      this.reset();
      for (const outcome of READ_OUTCOMES) this.inc({ outcome }, reads[outcome]);
    },
  });
}
