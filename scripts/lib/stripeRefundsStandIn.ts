/**
 * The stand-in's refunds (scripts/lib/stripeCheckoutStandIn.ts routes to it): `POST /v1/refunds` as Stripe's API
 * reference documents it ("Create a refund": `payment_intent` or `charge`, optional `amount` (all that is left by
 * default), `reason` (`duplicate`, `fraudulent` or `requested_by_customer`) and `metadata[...]`, within Stripe's limits:
 * scripts/lib/stripeMetadataLimits.ts), under the account's
 * idempotency (scripts/lib/stripeIdempotency.ts). A refund moves its charge's `amount_refunded`, and the charge reads
 * `refunded` once all of it is back. Refused as Stripe refuses: an unknown payment (404), a charge already refunded
 * (`charge_already_refunded`), more than is left (`amount_too_large`), a payment with nothing to refund (a voucher still
 * unpaid), a voucher paid in cash at OXXO, which Stripe cannot refund, and a charge past the window in which its card
 * takes a refund (`charge_expired_for_refund`: some 180 days; the test says which charge, the stand-in keeps no calendar). Node runs this file as it is (type
 * stripping): erasable TypeScript only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import {
  type Answer,
  answerPost,
  type IdempotentPosts,
  json,
  missing,
  nextFault,
  readBody,
  standInId,
  stripeErrorAnswer,
  unknownParameter,
  type UpdateFault,
} from './stripeIdempotency.ts';
import { metadataRefusal } from './stripeMetadataLimits.ts';

/** What a refund needs of a charge: the checkout stand-in's own entry, moved in place. */
export interface RefundableCharge {
  id: string;
  paymentIntent: string;
  amount: number;
  /** How much of it has been refunded so far. */
  refunded: number;
  /** The payment method type it was paid with: `card`, `oxxo`… */
  method: string;
}

/** Payment methods Stripe cannot send money back to: an OXXO voucher was paid in cash at a store. */
const NOT_REFUNDABLE = new Set(['oxxo']);
const REASONS = new Set<string>(['duplicate', 'fraudulent', 'requested_by_customer']);

export interface RefundsStandIn {
  /** The answer for POST /v1/refunds, or null when the request is another. */
  route(req: IncomingMessage): ((res: ServerResponse) => void) | null;
  /** Refunds carried out (replays and refusals aside), in order, with the key each came under. */
  refunds: { refund: Stripe.Refund; idempotencyKey: string | null }[];
  /** Every refund is refused as a restricted key without *Refunds: Write* is (403), until false. */
  refuse(refuse: boolean): void;
  /** The next refund with an Idempotency-Key fails this way. */
  failNext(fault: UpdateFault): void;
  /** This charge is past the window in which its card takes a refund: every refund of it is refused so. */
  expireForRefund(chargeId: string): void;
}

interface RefundRequest {
  paymentIntent: string | null;
  charge: string | null;
  amount: number | null;
  reason: Stripe.RefundCreateParams.Reason | null;
  metadata: Record<string, string>;
}

/** The request's parameters as the SDK encodes them; null for any other parameter or a value Stripe would refuse. */
function requestOf(body: string): RefundRequest | null {
  const request: RefundRequest = { paymentIntent: null, charge: null, amount: null, reason: null, metadata: {} };
  for (const [key, value] of new URLSearchParams(body)) {
    const metadataKey = /^metadata\[([^\]]+)\]$/.exec(key)?.[1];
    if (metadataKey) request.metadata[metadataKey] = value;
    else if (key === 'payment_intent' && /^pi_\w+$/.test(value)) request.paymentIntent = value;
    else if (key === 'charge' && /^ch_\w+$/.test(value)) request.charge = value;
    else if (key === 'amount' && /^[1-9]\d{0,9}$/.test(value)) request.amount = Number(value);
    else if (key === 'reason' && REASONS.has(value)) request.reason = value as Stripe.RefundCreateParams.Reason;
    else return null;
  }
  return request.paymentIntent || request.charge ? request : null;
}

const refused = (message: string, code?: string): Answer => stripeErrorAnswer(400, { type: 'invalid_request_error', ...(code && { code }), message });

function refundFixture(charge: RefundableCharge, amount: number, request: RefundRequest): Stripe.Refund {
  return {
    id: standInId('re_'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: Math.floor(Date.now() / 1000),
    currency: 'usd',
    customer: null,
    customer_account: null,
    metadata: { ...request.metadata },
    payment_intent: charge.paymentIntent,
    payment_method: null,
    reason: request.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/**
 * `chargeOf` finds the charge of a PaymentIntent or a charge id: undefined when there is no such payment, null when
 * there is one with no charge (a voucher not paid yet).
 */
export function refundsStandIn(
  posts: IdempotentPosts,
  chargeOf: (request: { paymentIntent: string | null; charge: string | null }) => RefundableCharge | null | undefined,
): RefundsStandIn {
  const refunds: RefundsStandIn['refunds'] = [];
  const fault = nextFault();
  let refusing = false;
  const expired = new Set<string>();

  const carryOut = (request: RefundRequest, idempotencyKey: string | null): Answer => {
    const charge = chargeOf(request);
    if (charge === undefined) return request.paymentIntent ? missing('payment_intent', request.paymentIntent) : missing('charge', request.charge ?? '');
    if (charge === null) return refused('This PaymentIntent does not have a successful charge to refund.');
    if (NOT_REFUNDABLE.has(charge.method)) return refused(`Refunds are not supported for ${charge.method} payments.`);
    if (expired.has(charge.id)) return refused(`Charge ${charge.id} is too old to be refunded.`, 'charge_expired_for_refund');
    const left = charge.amount - charge.refunded;
    if (left <= 0) return refused(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const amount = request.amount ?? left;
    if (amount > left) return refused(`Refund amount (${amount}) is greater than the amount left to refund (${left}).`, 'amount_too_large');
    charge.refunded += amount;
    const refund = refundFixture(charge, amount, request);
    refunds.push({ refund, idempotencyKey });
    return json(200, refund);
  };

  const post = async (req: IncomingMessage): Promise<Answer | 'drop'> => {
    const body = await readBody(req);
    const request = requestOf(body);
    if (!request) return unknownParameter();
    return posts.post(
      req,
      body,
      async (key) => carryOut(request, key),
      fault,
      () => metadataRefusal({}, request.metadata),
    );
  };

  return {
    route(req) {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://stand-in').pathname !== '/v1/refunds') return null;
      return (res) => {
        if (refusing) {
          answerPost(
            res,
            stripeErrorAnswer(403, {
              type: 'invalid_request_error',
              code: 'secret_key_required',
              message: 'The provided key does not have the required permissions for this endpoint.',
            }),
          );
          return;
        }
        void post(req).then((answer) => answerPost(res, answer));
      };
    },
    refunds,
    refuse(next) {
      refusing = next;
    },
    failNext(next) {
      fault.set(next);
    },
    expireForRefund(chargeId) {
      expired.add(chargeId);
    },
  };
}
