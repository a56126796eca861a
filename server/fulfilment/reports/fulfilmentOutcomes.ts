/**
 * The fulfilment's outcomes, one vocabulary for what produces them and what counts them
 * (server/fulfilment/reports/fulfilmentMetrics.ts): each a bounded set, never an id, a token or an address.
 */

/**
 * How one mail of one purchase ended. `sent`: this call sent it. `already_sent`: the mark says it went (or was
 * refused for good). `in_progress`: another call holds a fresh claim (or won the race for it). `undeliverable`: the
 * mail server refused the address for good, marked so and never tried again. `mail_failed`, `stripe_unavailable`:
 * nothing sent, to be tried again. `mark_failed`: sent, but the mark could not be written.
 */
export type MailOutcome = 'sent' | 'already_sent' | 'in_progress' | 'undeliverable' | 'mail_failed' | 'stripe_unavailable' | 'mark_failed';

/**
 * What asking the Payment Link to give the places back came to. `given_back`: this call's update raised it.
 * `counted`: it gave them back already. `left_alone`, `no_limit`, `over`: as server/fulfilment/links/placesBackPlan.ts says,
 * nothing written. `in_progress`: another instance's update is under way. `stripe_unavailable`: Stripe failed or
 * refused (the key without *Payment Links: Write* included); the next turn tries again.
 */
export type PlacesBackOutcome = 'given_back' | 'counted' | 'left_alone' | 'no_limit' | 'over' | 'in_progress' | 'stripe_unavailable';

/**
 * What refunding a purchase came to (server/fulfilment/settle/refundOnce.ts). `refunded`: this call's refund was made
 * at Stripe. `already_refunded`: its charge was refunded already. `by_transfer`: a cash payment at OXXO, which Stripe
 * cannot refund: the owner sends it by bank transfer. `refused`: Stripe refused it (a key without Refunds: Write, or a
 * payment it will not refund). `stripe_unavailable`: Stripe could not be asked. The last two are tried again.
 */
export type RefundOutcome = 'refunded' | 'already_refunded' | 'by_transfer' | 'refused' | 'stripe_unavailable';

/**
 * How asking about one session ended, for the webhook's answer and its line. A mail's own outcome when one was due
 * (the worst of them), else: `already_sent` (nothing due: all of it went), `not_paid` (a voucher or transfer still
 * to come, or expired once the Early Bird was over), `not_ours` (another link's, unfinished, unknown), `ended` (no
 * access: refunded or disputed), `access_kept` (a refund or dispute event about a purchase that keeps its access: a
 * partial refund). For an expired voucher whose place goes back: `place_given_back` (the link's limit counts it),
 * `place_waits` (marked, but the link is the owner's to turn on, or has no limit), or `in_progress` and
 * `stripe_unavailable` as for a mail. For a purchase the site refunds: `refunded` (at Stripe, now or before), or
 * `refund_owed` (by bank transfer), once its mail is done; `refund_refused`; or `stripe_unavailable`.
 */
export type Outcome =
  | MailOutcome
  | 'not_paid'
  | 'not_ours'
  | 'ended'
  | 'access_kept'
  | 'place_given_back'
  | 'place_waits'
  | 'refunded'
  | 'refund_owed'
  | 'refund_refused';

/**
 * The events about a purchase's session: it may be paid, at once (a card) or later (a voucher, a transfer), or its
 * voucher or transfer failed (its place goes back to the sale).
 */
export const SESSION_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed'] as const;
/** The events that may end a buyer's access: a refund (in full, or not), a dispute. Each names the PaymentIntent. */
export const ACCESS_EVENTS = ['charge.refunded', 'charge.dispute.created'] as const;
/** For the metrics, a bounded set: the five above, any other verified type, or a request that failed verification. */
export type WebhookEventType = (typeof SESSION_EVENTS)[number] | (typeof ACCESS_EVENTS)[number] | 'other' | 'unverified';

/**
 * How a delivery was answered. Refused before a byte of the body is read: `unsupported_media_type`, `too_large` (as
 * declared), `no_signature`, `bad_signature` (a header not of Stripe's shape). Refused once read: `too_large` (as
 * sent), `bad_signature`, `stale` (signed longer ago than the tolerance: a replay). Verified: `ignored` (another
 * type), or the confirmation's outcome.
 */
export type WebhookOutcome = 'unsupported_media_type' | 'too_large' | 'no_signature' | 'bad_signature' | 'stale' | 'malformed' | 'ignored' | Outcome;

/** Where an answer came from: Stripe, the memory of recent sessions, or nowhere (refused before any call). */
export type LookupSource = 'stripe' | 'memory' | 'none';

/**
 * How a lookup ended, for the metrics: never the id it was for. `late`: paid once the workshop had ended, so refunded;
 * `cancelled`: its edition was cancelled; `withdrawn`: its buyer asked for the refund a new date entitles them to.
 */
export type LookupOutcome =
  | 'paid'
  | 'pending'
  | 'expired'
  | 'late'
  | 'cancelled'
  | 'withdrawn'
  | 'ended'
  | 'not_found'
  | 'malformed'
  | 'unavailable'
  | 'over_budget';

/**
 * How a visit ended, for the metrics: never the token it was for. `forged`: not a token this site made; `sample`: the
 * sample link `npm run preflight` mails the owner; `cancelled`, `withdrawn`: as for a lookup. The refund a new date
 * entitles a buyer to: `refund_confirm`, its step shown; `refund_mailed`, its confirmation link mailed;
 * `refund_mail_limited`, none mailed, enough went this hour; `refund_link`, the mailed link's page shown;
 * `refund_link_spent`, a mailed link past its hour or for another start; `refund_asked`, confirmed from the mailed
 * link, the refund under way; `refund_closed`, not (or no longer) open to this purchase; `refund_refused`, a request
 * that did not come from the page (another origin, no proof).
 */
export type AccessOutcome =
  | 'before'
  | 'live'
  | 'after'
  | 'cancelled'
  | 'withdrawn'
  | 'ended'
  | 'not_found'
  | 'forged'
  | 'sample'
  | 'unavailable'
  | 'over_budget'
  | 'refund_confirm'
  | 'refund_mailed'
  | 'refund_mail_limited'
  | 'refund_link'
  | 'refund_link_spent'
  | 'refund_asked'
  | 'refund_closed'
  | 'refund_refused';
