import type Stripe from 'stripe';
import type { LinkRole } from '../../../shared/logic/sale';
import type { Clock } from '../../ops/clock';
import type { Logger } from '../../ops/logger';
import { type CheckoutApi, CheckoutError } from '../../stripe/checkoutApi';
import { adoptionOf } from '../records/editionMark';
import { type Journey, journeyOf } from '../records/purchaseJourney';
import type { InForce } from '../records/saleInForce';
import { ABOUT_THE_START, dueNow } from './dueNow';
import type { FulfilmentMetrics } from '../reports/fulfilmentMetrics';
import type { LinkLimit, PlacesBackResult } from '../links/placesBackAtLink';
import { type MailKind, writeRecord } from '../records/purchaseRecord';
import { type Purchase, purchaseOf } from '../records/purchase';
import type { MailResult, SendAbout, SendOnce } from '../mail/sendMailOnce';
import type { RefundOnce, RefundResult } from './refundOnce';

/** Who asked: Stripe's webhook, the buyer's page after the checkout, or the sweep over the link's purchases. */
export type Via = 'webhook' | 'page' | 'sweep';

/** What one session was owed, and what came of it. */
export interface Settled {
  /** null: not a purchase of our link (another link's, unfinished, or without an address). */
  purchase: Purchase | null;
  results: MailResult[];
  /** Reminders whose moment passed too long ago to send. */
  missed: MailKind[];
  /** An expired voucher's place is marked given back, before or by this call: the sweep counts it. */
  placeGivenBack: boolean;
  /** What giving its place back came to, when this call tried: the mark, then (for the webhook) the link. */
  placeBack: PlacesBackResult | null;
  /** What refunding it came to, where the site refunds it. */
  refund: RefundResult | null;
}

/** Does whatever is due now for one complete session of the link. */
export type Settle = (session: Stripe.Checkout.Session, via: Via) => Promise<Settled>;

export interface SettleOptions {
  /**
   * The sale in force at each turn: our Payment Links (a session of any other is none of ours), the edition each
   * purchase's own journey is read against, the dates and switches a place is given back by, and the recording.
   */
  inForce: InForce;
  /** Where an expired voucher's place is marked given back. */
  checkout: CheckoutApi;
  sendOnce: SendOnce;
  /** A purchase the site refunds: the refund, once, and its mail. */
  refundOnce: RefundOnce;
  /** The limit of the Payment Link in force for each price, which gives the marked places back. */
  linkLimits: (role: LinkRole) => LinkLimit | undefined;
  clock: Clock;
  logger: Logger;
  metrics?: FulfilmentMetrics;
}

/** Where the owner finds a purchase in the Dashboard, for a log line: never the session id (it opens the buyer's pages). */
const purchaseFields = (purchase: Purchase): Record<string, string> =>
  purchase.paymentIntentId ? { payment_intent: purchase.paymentIntentId } : { free_purchase_at: new Date(purchase.paidAtMs ?? 0).toISOString() };

/**
 * The one step every session goes through, whoever asks (docs/fulfilment.md): what the purchase stands as, what is
 * due for it now (server/fulfilment/settle/dueNow.ts), an expired voucher's place marked given back, and each due mail sent
 * once. A failure that would fail the next mail too (Stripe, the mail server) leaves the rest for the next turn. One
 * log line per mail that went or failed, and per place marked.
 *
 * A place marked given back reaches the link's limit at once for the webhook, which answers Stripe only when it has;
 * the sweep counts the marks over every purchase and raises the link once at its end; the page leaves it to either.
 */
export function createSettle({ inForce, checkout, sendOnce, refundOnce, linkLimits, clock, logger, metrics }: SettleOptions): Settle {
  /**
   * An earlier release's purchase is written its edition once (server/fulfilment/records/editionMark.ts), before
   * anything is judged of it: a later change of the date or of the edition is then a change for it too. Failing that,
   * it is judged as the edition in force, as the mark would say, and the next turn writes it.
   */
  const adopted = async (session: Stripe.Checkout.Session, purchase: Purchase): Promise<Stripe.Checkout.Session> => {
    const { edition, materials } = inForce(clock());
    const adoption = adoptionOf(purchase, { edition: edition.name, startMs: edition.startMs, publicUrl: edition.publicUrl, recordingUrl: materials.recording });
    if (!adoption) return session;
    let written: Stripe.Checkout.Session;
    try {
      written = await writeRecord(checkout, purchase, adoption);
    } catch (error) {
      logger.warn(
        { event: 'edition_mark', ...purchaseFields(purchase), cause: error instanceof CheckoutError ? `stripe ${error.detail}` : 'unexpected failure' },
        "an earlier release's purchase not marked with the edition in force yet: tried again at the next turn",
      );
      return session;
    }
    return { ...session, metadata: written.metadata };
  };
  /** What a send is about: its start where the kind names one, and what its claim records. */
  const aboutOf = (kind: MailKind, purchase: Purchase, journey: Journey, { edition, materials }: ReturnType<InForce>): SendAbout => ({
    ...(ABOUT_THE_START.includes(kind) && { forMs: journey.startMs }),
    ...(kind === 'confirmation' && { record: [{ edition: purchase.edition ?? edition.name }] }),
    ...(kind === 'recording' && materials.recording && { record: [{ recordingUrl: materials.recording }] }),
  });

  const markPlace = async (purchase: Purchase, via: Via): Promise<PlacesBackResult | null> => {
    const fields = { event: 'place_back', via, ...purchaseFields(purchase) };
    try {
      await writeRecord(checkout, purchase, [{ placeGivenBack: true }]);
    } catch (error) {
      const detail = error instanceof CheckoutError ? `stripe ${error.detail}` : 'unexpected failure';
      logger.warn({ ...fields, outcome: 'stripe_unavailable', cause: detail }, "an expired voucher's place not marked: tried again at the next turn");
      return { outcome: 'stripe_unavailable', detail };
    }
    logger.info(fields, 'a voucher expired unpaid: its place is marked to go back to the sale');
    return null;
  };

  return async (given, via) => {
    const { roles } = inForce(clock());
    const read = purchaseOf(given, roles);
    if (!read) return { purchase: null, results: [], missed: [], placeGivenBack: false, placeBack: null, refund: null };
    const purchase = purchaseOf(await adopted(given, read), roles) ?? read;
    const now = clock();
    const terms = inForce(now);
    const journey = journeyOf(purchase, terms.edition, now);
    const due = dueNow(purchase, now, journey, terms.materialsReady, terms.sale);
    let placeBack = due.placeBack ? await markPlace(purchase, via) : null;
    const placeGivenBack = purchase.placeGivenBack || (due.placeBack && placeBack === null);
    const linkLimit = purchase.link && linkLimits(purchase.link);
    if (placeGivenBack && via === 'webhook' && linkLimit) placeBack = await linkLimit.recount();
    const results: MailResult[] = [];
    /** Each mail that went or failed is counted and said once; true when the next would fail the same way. */
    const report = (result: MailResult): boolean => {
      results.push(result);
      metrics?.mail(result.kind, result.outcome);
      const fields = {
        event: 'mail',
        via,
        kind: result.kind,
        outcome: result.outcome,
        ...purchaseFields(purchase),
        ...(result.detail && { cause: result.detail }),
      };
      if (result.outcome === 'sent') logger.info(fields, 'mail sent');
      else if (result.outcome === 'undeliverable')
        logger.error(fields, 'the mail server refused this address for good: write to the buyer another way (docs/fulfilment.md)');
      else if (result.outcome === 'mark_failed') logger.error(fields, 'mail sent but not marked at Stripe: see docs/fulfilment.md');
      else if (result.outcome === 'mail_failed' || result.outcome === 'stripe_unavailable') logger.warn(fields, 'mail not sent: tried again at the next turn');
      return result.outcome === 'mail_failed' || result.outcome === 'stripe_unavailable';
    };
    let refund: RefundResult | null = null;
    if (due.refund) {
      const refunded = await refundOnce(purchase, due.refund, via);
      refund = refunded.refund;
      if (refunded.mail) report(refunded.mail);
    }
    for (const kind of due.send) if (report(await sendOnce(purchase, kind, { ...aboutOf(kind, purchase, journey, terms), inWave: via === 'sweep' }))) break;
    return { purchase, results, missed: due.missed, placeGivenBack, placeBack, refund };
  };
}
