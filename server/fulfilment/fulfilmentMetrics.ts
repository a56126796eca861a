import { Counter, type Registry } from 'prom-client';
import type { ConfirmationOutcome } from './fulfil';
import type { LookupOutcome, LookupSource } from './thanksPage';
import type { WebhookEventType, WebhookOutcome } from './webhook';

/** What the fulfilment counts (docs/fulfilment.md): never a session id, an address or the join link, only outcomes. */
export interface FulfilmentMetrics {
  /** A fulfilment ended, from the webhook or the page after the checkout. */
  confirmation(outcome: ConfirmationOutcome): void;
  /** A delivery to the Stripe webhook was answered. */
  webhookEvent(type: WebhookEventType, outcome: WebhookOutcome): void;
  /** The page after the checkout looked a session up. */
  thanksLookup(outcome: LookupOutcome, source: LookupSource): void;
}

export function registerFulfilmentMetrics(registry: Registry): FulfilmentMetrics {
  const confirmations = new Counter({
    name: 'taller_confirmations_total',
    help: 'Fulfilments of a purchase, by outcome: sent, already_sent, in_progress, not_paid, not_ours, no_payment_intent, mail_failed, stripe_unavailable, mark_failed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const webhookEvents = new Counter({
    name: 'taller_webhook_events_total',
    help: 'Deliveries to the Stripe webhook, by event type (the two that fulfil, other, or unverified) and outcome.',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'taller_thanks_lookups_total',
    help: 'Lookups of the page after the checkout, by outcome and where the answer came from (stripe, memory, none).',
    labelNames: ['outcome', 'source'] as const,
    registers: [registry],
  });
  return {
    confirmation: (outcome) => confirmations.inc({ outcome }),
    webhookEvent: (type, outcome) => webhookEvents.inc({ type, outcome }),
    thanksLookup: (outcome, source) => lookups.inc({ outcome, source }),
  };
}
