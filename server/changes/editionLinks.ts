import type Stripe from 'stripe';
import { moneyLabel } from '../../shared/logic/money';
import { methodsBeforeSite } from '../checkout/linkChangePlan';
import { linkPrice } from '../spots/linkPrice';
import { placesBackOf } from '../spots/placesBack';
import type { SellingLink } from '../config/sellingLinks';
import type { StripeCalls } from '../stripe/stripeCalls';

/** What the site asks Stripe to add to a link it copies: its one price, which the new link sells too. */
const EXPANSIONS = ['line_items'];

/** A link in force and what a new edition's copy of it would be: its price and its own number of places. */
export interface LinkCopy {
  role: SellingLink['role'];
  params: Stripe.PaymentLinkCreateParams;
  /** The price, as the preview shows it: `49 USD`. */
  price: string;
  /** Its places, the owner's own number for an edition; null: no limit. */
  limit: number | null;
}

/**
 * The next edition's copy of a link in force (`read` with its line items): the same price, the same number of places
 * as the owner set for this edition (the limit less the places the site gave back and an earlier edition's sales),
 * the same redirect after payment, terms checkbox, tax, inactive message and payment methods; null for a link that
 * sells several things, which the owner sets up by hand. Pure.
 */
function linkCopy(link: SellingLink, read: Stripe.PaymentLink): LinkCopy | null {
  const price = linkPrice(read);
  if (!price) return null;
  const restriction = read.restrictions?.completed_sessions;
  const limit = restriction ? restriction.limit - (placesBackOf(read) ?? 0) - (link.priorSales ?? 0) : null;
  const methods = methodsBeforeSite(read);
  const redirect = read.after_completion.type === 'redirect' ? read.after_completion.redirect?.url : undefined;
  const params: Stripe.PaymentLinkCreateParams = {
    line_items: [{ price: price.id, quantity: 1 }],
    ...(limit !== null && limit > 0 && { restrictions: { completed_sessions: { limit } } }),
    ...(redirect && { after_completion: { type: 'redirect', redirect: { url: redirect } } }),
    ...(read.consent_collection?.terms_of_service === 'required' && { consent_collection: { terms_of_service: 'required' } }),
    automatic_tax: { enabled: read.automatic_tax.enabled },
    ...(read.inactive_message && { inactive_message: read.inactive_message }),
    ...(methods && { payment_method_types: methods as Stripe.PaymentLinkCreateParams.PaymentMethodType[] }),
  };
  const amount = price.unit_amount === null ? '' : moneyLabel({ minor: price.unit_amount, currency: price.currency });
  return { role: link.role, params, price: amount, limit: limit !== null && limit > 0 ? limit : null };
}

/** Reads each link in force with its price: what the next edition's links copy. */
export const readCopies = (stripe: StripeCalls, links: readonly SellingLink[]): Promise<(LinkCopy | null)[]> =>
  Promise.all(links.map(async (link) => linkCopy(link, await stripe.paymentLink(link.paymentLink, EXPANSIONS))));

/**
 * Creates the next edition's links, each once under a key named after the change and its price, then turns each off
 * with the site's mark, as a link the site closed: the link keeper turns it on when the edition takes effect
 * (server/checkout/linkChanges.ts), and an edition undone leaves it off.
 */
export async function createEditionLinks(stripe: StripeCalls, copies: readonly LinkCopy[], changeId: string): Promise<SellingLink[]> {
  const created: SellingLink[] = [];
  for (const copy of copies) {
    const link = await stripe.createPaymentLink({ ...copy.params, metadata: { taller_created_for: changeId } }, `taller_edition_link-${changeId}-${copy.role}`);
    const mark = `edition@${changeId}`;
    if (link.active)
      await stripe.updatePaymentLink(
        link.id,
        { active: false, metadata: { taller_closed_by_site: mark } },
        `taller_closed_by_site-${link.id}-${mark}-1`,
        link.metadata,
      );
    created.push({ role: copy.role, paymentLink: link.id, checkoutUrl: link.url });
  }
  return created;
}
