import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CallKind } from '../../stripe/pace';
import type { MailKind } from '../records/purchaseRecord';
import type { RefundReason } from '../records/refundMark';
import type {
  AccessOutcome,
  LookupOutcome,
  LookupSource,
  MailOutcome,
  PlacesBackOutcome,
  RefundOutcome,
  WebhookEventType,
  WebhookOutcome,
} from './fulfilmentOutcomes';

/** What the fulfilment counts (docs/fulfilment.md): never a session id, a token, an address or a link, only outcomes. */
export interface FulfilmentMetrics {
  /** A due mail's turn ended, from the webhook, the page after the checkout or the sweep. */
  mail(kind: MailKind, outcome: MailOutcome): void;
  /** A delivery to the Stripe webhook was answered. */
  webhookEvent(type: WebhookEventType, outcome: WebhookOutcome): void;
  /** The page after the checkout looked a session up. */
  thanksLookup(outcome: LookupOutcome, source: LookupSource): void;
  /** A personal link was visited. */
  accessVisit(outcome: AccessOutcome, source: LookupSource): void;
  /** A sweep ended, completed or stopped early, after `durationMs`, at `nowMs`. */
  sweep(completed: boolean, durationMs: number, nowMs: number): void;
  /** A sweep under way finished a purchase's turn with nothing failed, at `nowMs`. */
  sweepProgress(nowMs: number): void;
  /** Asking the Payment Link to give expired vouchers' places back ended so (its limit already counting them aside). */
  placesBack(outcome: PlacesBackOutcome): void;
  /** A refund the site owes was decided, made, or failed so (a later turn that finds it done is not counted). */
  refund(reason: RefundReason, outcome: RefundOutcome): void;
  /** Stripe answered a call of this kind that it was over a rate limit: the call waits and goes again. */
  rateLimited(kind: CallKind): void;
  /** A bonificación became owed by bank transfer: the mail asking the buyer for their account went. */
  bonification(reason: RefundReason): void;
}

/** `startedMs`: the process's start, which the last completed sweep's time reads until the first completes. */
export function registerFulfilmentMetrics(registry: Registry, sweepPeriodSeconds: number, startedMs: number): FulfilmentMetrics {
  const mails = new Counter({
    name: 'taller_mails_total',
    help: "Turns of a buyer's due mail, by kind (confirmation, date_change, day_before, hour_before, recording, refund, cancellation) and outcome (sent, already_sent, in_progress, undeliverable, mail_failed, stripe_unavailable, mark_failed).",
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const webhookEvents = new Counter({
    name: 'taller_webhook_events_total',
    help: 'Deliveries to the Stripe webhook, by event type (those it acts on, other, or unverified) and outcome.',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'taller_thanks_lookups_total',
    help: 'Lookups of the page after the checkout, by outcome and where the answer came from (stripe, memory, none).',
    labelNames: ['outcome', 'source'] as const,
    registers: [registry],
  });
  const visits = new Counter({
    name: 'taller_access_visits_total',
    help: 'Visits to a personal link, by outcome and where the answer came from (stripe, memory, none).',
    labelNames: ['outcome', 'source'] as const,
    registers: [registry],
  });
  const sweeps = new Counter({
    name: 'taller_sweeps_total',
    help: "Sweeps over the Payment Link's purchases, by outcome (completed, stopped).",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const sweepDuration = new Histogram({
    name: 'taller_sweep_duration_seconds',
    help: 'How long a sweep took, completed or not.',
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 240],
    registers: [registry],
  });
  const lastCompleted = new Gauge({
    name: 'taller_sweep_last_completed_timestamp_seconds',
    help: 'When the last completed sweep ended (Unix time); the start of the process until one has.',
    registers: [registry],
  });
  const progress = new Gauge({
    name: 'taller_sweep_progress_timestamp_seconds',
    help: "When a sweep last moved on (Unix time): a purchase's turn ended with nothing failed, or a sweep completed; the start of the process until then.",
    registers: [registry],
  });
  new Gauge({
    name: 'taller_sweep_interval_seconds',
    help: 'How often this instance sweeps (SWEEP_SECONDS).',
    registers: [registry],
  }).set(sweepPeriodSeconds);
  const placesBack = new Counter({
    name: 'taller_places_back_total',
    help: "Turns of giving expired vouchers' places back at the Payment Link, by outcome (given_back, left_alone, no_limit, over, in_progress, stripe_unavailable).",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'taller_refunds_total',
    help: 'Refunds the site owes, each time one is decided, made or fails, by reason (after_end, date_change, cancelled) and outcome (refunded, already_refunded, by_transfer, refused, stripe_unavailable).',
    labelNames: ['reason', 'outcome'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'taller_stripe_rate_limited_total',
    help: 'Calls to Stripe answered 429 (over a rate limit), by kind (read, list, write): each waits and goes again.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const bonifications = new Counter({
    name: 'taller_bonifications_total',
    help: 'Bonificaciones owed by bank transfer (LFPC art. 92 ter), each when the mail asking the buyer for their account went, by reason (date_change, cancelled).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  lastCompleted.set(startedMs / 1000);
  progress.set(startedMs / 1000);
  return {
    mail: (kind, outcome) => mails.inc({ kind, outcome }),
    webhookEvent: (type, outcome) => webhookEvents.inc({ type, outcome }),
    thanksLookup: (outcome, source) => lookups.inc({ outcome, source }),
    accessVisit: (outcome, source) => visits.inc({ outcome, source }),
    sweep(completed, durationMs, nowMs) {
      sweeps.inc({ outcome: completed ? 'completed' : 'stopped' });
      sweepDuration.observe(durationMs / 1000);
      if (!completed) return;
      lastCompleted.set(nowMs / 1000);
      progress.set(nowMs / 1000);
    },
    sweepProgress: (nowMs) => progress.set(nowMs / 1000),
    placesBack: (outcome) => placesBack.inc({ outcome }),
    refund: (reason, outcome) => refunds.inc({ reason, outcome }),
    rateLimited: (kind) => rateLimited.inc({ kind }),
    bonification: (reason) => bonifications.inc({ reason }),
  };
}
