import express, { type RequestHandler, type Response } from 'express';
import type Stripe from 'stripe';
import type { Clock } from '../../ops/clock';
import type { Logger } from '../../ops/logger';
import { signedEvent } from '../../stripe/signedEvent';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { EndAccess, Fulfil } from '../settle/fulfilSession';
import { ACCESS_EVENTS, type Outcome, SESSION_EVENTS, type WebhookEventType, type WebhookOutcome } from '../reports/fulfilmentOutcomes';
import { isSessionId } from '../records/sessionId';

/** Stripe's own default: an event signed more than five minutes before it arrives is refused. */
const TOLERANCE_SECONDS = 300;
/** A Checkout Session event is a few kilobytes; anything far larger is not Stripe's. */
const MAX_WEBHOOK_BYTES = 256 * 1024;
/** Whether `header` has the shape of Stripe's: `t=<unix seconds>` and a `v1=<HMAC-SHA256 in hex>`, comma-separated. */
function hasStripeShape(header: string): boolean {
  const parts = header.split(',');
  return parts.some((part) => /^t=\d+$/.test(part)) && parts.some((part) => /^v1=[0-9a-f]{64}$/.test(part));
}

/**
 * Answered 2xx: the work is done, or there is none. Anything else makes Stripe deliver the event again, later; the
 * sweep gets to it within a period in any case.
 */
const STATUS: Record<Outcome, number> = {
  sent: 200,
  already_sent: 200,
  not_paid: 200,
  not_ours: 200,
  ended: 200,
  access_kept: 200,
  place_given_back: 200,
  // Counted at Stripe: the link's own state (the owner's, or no limit) is what holds it back, not this delivery.
  place_waits: 200,
  // The refund is made (or owed by bank transfer, which its mail asks the details for) and its mail went.
  refunded: 200,
  refund_owed: 200,
  // Refused for good, or sent but unmarked: a redelivery would not help; an error line has asked the owner to look.
  undeliverable: 200,
  mark_failed: 200,
  in_progress: 409,
  mail_failed: 503,
  stripe_unavailable: 503,
  // An error line asks the owner to look; Stripe delivering again retries it, as the sweep does.
  refund_refused: 503,
};

export interface WebhookOptions {
  secret: string;
  fulfil: Fulfil;
  endAccess: EndAccess;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
}

/**
 * POST /webhooks/stripe: Stripe's signature checked with the SDK on the raw body, then the session's fulfilment
 * awaited, so the answer says whether the work is done (Stripe's "Fulfill orders" guide). One log line per
 * delivery, never with the body, an address or a session id.
 */
export function stripeWebhook({ secret, fulfil, endAccess, clock, logger, metrics }: WebhookOptions): RequestHandler[] {
  const readBody = express.raw({ type: 'application/json', limit: MAX_WEBHOOK_BYTES });

  const refuse = (res: Response, status: number, outcome: WebhookOutcome): void => {
    logger.warn({ event: 'stripe_webhook', type: 'unverified', outcome, status }, 'webhook refused');
    metrics?.webhookEvent('unverified', outcome);
    res.status(status).json({ error: outcome });
  };
  /**
   * Refused before a byte of the body is read, and the connection closed after the answer: Node would otherwise read
   * the rest of a body nobody wants, however slowly it comes, to keep the connection.
   */
  const refuseUnread = (res: Response, status: number, outcome: WebhookOutcome): void => {
    res.set('Connection', 'close');
    refuse(res, status, outcome);
  };

  return [
    (req, res, next) => {
      if (!req.is('application/json')) return refuseUnread(res, 415, 'unsupported_media_type');
      if (Number(req.header('content-length')) > MAX_WEBHOOK_BYTES) return refuseUnread(res, 413, 'too_large');
      const signature = req.header('stripe-signature');
      if (!signature) return refuseUnread(res, 400, 'no_signature');
      if (!hasStripeShape(signature)) return refuseUnread(res, 400, 'bad_signature');
      readBody(req, res, (error?: unknown) => {
        if (!error) return next();
        const status = (error as { status?: unknown }).status;
        if (status === 413) return refuse(res, 413, 'too_large');
        refuse(res, 400, 'malformed');
      });
    },
    async (req, res) => {
      const signature = req.header('stripe-signature') ?? '';
      const body = req.body instanceof Buffer ? req.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = signedEvent(body, signature, secret, TOLERANCE_SECONDS, clock());
      } catch {
        // Signed by our secret but too long ago, or not signed by it at all.
        let genuine = false;
        try {
          signedEvent(body, signature, secret, 0, clock());
          genuine = true;
        } catch {
          // Not ours.
        }
        return refuse(res, 400, genuine ? 'stale' : 'bad_signature');
      }

      const type: WebhookEventType =
        SESSION_EVENTS.find((candidate) => candidate === event.type) ?? ACCESS_EVENTS.find((candidate) => candidate === event.type) ?? 'other';
      const object = event.data.object as { object?: unknown; id?: unknown; payment_intent?: unknown };
      const line = { event: 'stripe_webhook', type: event.type, id: event.id };
      if (type === 'other') {
        logger.info({ ...line, outcome: 'ignored', status: 200 }, 'webhook event ignored');
        metrics?.webhookEvent(type, 'ignored');
        return void res.json({ received: true });
      }
      const session = object.object === 'checkout.session' && typeof object.id === 'string' && isSessionId(object.id) ? object.id : null;
      const intent = typeof object.payment_intent === 'string' && /^pi_[A-Za-z0-9]{8,250}$/.test(object.payment_intent) ? object.payment_intent : null;
      const aboutSession = (SESSION_EVENTS as readonly string[]).includes(type);
      if (aboutSession ? !session : !intent) {
        logger.warn(
          { ...line, outcome: 'malformed', status: 400 },
          aboutSession ? 'webhook event without a Checkout Session' : 'webhook event without a PaymentIntent',
        );
        metrics?.webhookEvent(type, 'malformed');
        return void res.status(400).json({ error: 'malformed' });
      }

      const { outcome, detail, paymentIntent } = session ? await fulfil(session, 'webhook').concluded : await endAccess(intent ?? '');
      const status = STATUS[outcome];
      const fields = { ...line, outcome, status, ...(paymentIntent && { payment_intent: paymentIntent }), ...(detail && { cause: detail }) };
      if (status >= 300) logger.warn(fields, 'webhook event not done: Stripe will deliver it again, and the sweep gets to it');
      else logger.info(fields, 'webhook event handled');
      metrics?.webhookEvent(type, outcome);
      res.status(status).json(status < 300 ? { received: true } : { error: outcome });
    },
  ];
}
