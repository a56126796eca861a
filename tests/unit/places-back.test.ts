/**
 * The pure judgements behind an expired voucher's place: where a purchase stands when its voucher failed, whether its
 * place is due back, how many places the Payment Link's metadata says its limit gives back, and the one update that
 * gives the marked places back (or why the link is left as it is).
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { paymentLinkFixture } from '../../scripts/lib/stripeStandIn';
import { checkoutStandIn } from '../../scripts/lib/stripeCheckoutStandIn';
import { dueNow } from '../../server/fulfilment/settle/dueNow';
import { limitPlan } from '../../server/fulfilment/links/placesBackPlan';
import { purchaseOf } from '../../server/fulfilment/records/purchase';
import { placesBackOf } from '../../server/spots/placesBack';
import { placeGivenBackIn as placeGivenBack } from '../../server/fulfilment/records/purchaseRecord';
import { journeyOf } from '../../server/fulfilment/records/purchaseJourney';
import type { SaleTerms } from '../../shared/logic/sale';

const LINK = 'plink_1PlacesBackUnit';
const NORMAL = 'plink_1PlacesBackNormal';
const LINKS = new Map([[LINK, 'early_bird' as const]]);
const SALE: SaleTerms = { earlyBirdDeadlineMs: 2_000_000, workshopStartMs: 3_000_000, soldOut: false, cancelled: false };
const EDITION = { name: 'prueba', startMs: SALE.workshopStartMs, cancelled: false, publicUrl: 'https://taller.example.org' };

const link = (count: number, limit: number | null, active: boolean, metadata: Record<string, string> = {}): Stripe.PaymentLink =>
  paymentLinkFixture(LINK, { count, limit, active, metadata });

describe('a voucher that failed', () => {
  it.each(['canceled', 'requires_payment_method'] as const)('with its intent %s: payment_failed, its place due back while the Early Bird sells', (status) => {
    const checkout = checkoutStandIn(LINK);
    const sessionId = checkout.createSession('voucher', { atMs: 1_000_000 });
    expect(purchaseOf(checkout.session(sessionId) as Stripe.Checkout.Session, LINKS)?.standing).toBe('awaiting_payment');
    checkout.expireVoucher(sessionId, status);
    const purchase = purchaseOf(checkout.session(sessionId) as Stripe.Checkout.Session, LINKS);
    expect(purchase).toMatchObject({ standing: 'payment_failed', placeGivenBack: false });
    if (!purchase) return;
    expect(dueNow(purchase, 1_500_000, journeyOf(purchase, EDITION, 1_500_000), true, SALE)).toEqual({ send: [], missed: [], placeBack: true, refund: null });
    // From the deadline, from the start, and under the owner's sold-out switch, there is no Early Bird place to give back.
    expect(dueNow(purchase, SALE.earlyBirdDeadlineMs, journeyOf(purchase, EDITION, SALE.earlyBirdDeadlineMs), true, SALE).placeBack).toBe(false);
    expect(dueNow(purchase, SALE.workshopStartMs, journeyOf(purchase, EDITION, SALE.workshopStartMs), true, SALE).placeBack).toBe(false);
    expect(dueNow(purchase, 1_500_000, journeyOf(purchase, EDITION, 1_500_000), true, { ...SALE, soldOut: true }).placeBack).toBe(false);
    // Marked once, never due again.
    expect(
      dueNow({ ...purchase, placeGivenBack: true }, 1_500_000, journeyOf({ ...purchase, placeGivenBack: true }, EDITION, 1_500_000), true, SALE).placeBack,
    ).toBe(false);
    // Nor in the Early Bird's last minute: a raise read then could land after the site turned the link off.
    expect(dueNow(purchase, SALE.earlyBirdDeadlineMs - 60_001, journeyOf(purchase, EDITION, SALE.earlyBirdDeadlineMs - 60_001), true, SALE).placeBack).toBe(
      true,
    );
    expect(dueNow(purchase, SALE.earlyBirdDeadlineMs - 60_000, journeyOf(purchase, EDITION, SALE.earlyBirdDeadlineMs - 60_000), true, SALE).placeBack).toBe(
      false,
    );
  });

  it("a voucher of the normal price's link: its place goes back to that link from the deadline until the last minute before the start", () => {
    const checkout = checkoutStandIn(LINK);
    const sessionId = checkout.createSession('voucher', { atMs: 1_000_000, link: NORMAL });
    checkout.expireVoucher(sessionId);
    const purchase = purchaseOf(checkout.session(sessionId) as Stripe.Checkout.Session, new Map([...LINKS, [NORMAL, 'normal' as const]]));
    expect(purchase).toMatchObject({ link: 'normal', standing: 'payment_failed' });
    if (!purchase) return;
    expect(dueNow(purchase, SALE.earlyBirdDeadlineMs + 1, journeyOf(purchase, EDITION, SALE.earlyBirdDeadlineMs + 1), true, SALE).placeBack).toBe(true);
    expect(dueNow(purchase, SALE.workshopStartMs - 60_000, journeyOf(purchase, EDITION, SALE.workshopStartMs - 60_000), true, SALE).placeBack).toBe(false);
    expect(
      dueNow(purchase, SALE.earlyBirdDeadlineMs + 1, journeyOf(purchase, EDITION, SALE.earlyBirdDeadlineMs + 1), true, { ...SALE, soldOut: true }).placeBack,
    ).toBe(false);
    // Another link's session is none of ours.
    expect(purchaseOf(checkout.session(sessionId) as Stripe.Checkout.Session, LINKS)).toBeNull();
  });
});

describe('placesBackOf', () => {
  it('reads the whole number the site writes, none when absent, and null for anything else (left alone, ignored by the page)', () => {
    expect(placesBackOf(link(30, 30, false))).toBe(0);
    expect(placesBackOf(link(30, 32, true, { taller_limit_added_by_site: '2' }))).toBe(2);
    expect(placesBackOf(link(30, null, true, { taller_limit_added_by_site: '2' }))).toBe(2);
    for (const value of ['dos', '-1', '1.5', '02', ' 2', '32', '40'])
      expect(placesBackOf(link(30, 32, true, { taller_limit_added_by_site: value }))).toBeNull();
  });
});

describe('the names earlier releases wrote', () => {
  it("a link's count of places added is read under its old name while the new one is absent, and the next raise moves it to the new name", () => {
    expect(placesBackOf(link(30, 32, true, { taller_places_back: '2' }))).toBe(2);
    expect(placesBackOf(link(30, 33, true, { taller_limit_added_by_site: '3', taller_places_back: '2' }))).toBe(3);
    expect(limitPlan(link(32, 32, false, { taller_places_back: '2' }), 3, true)).toMatchObject({
      kind: 'raise',
      from: 2,
      params: { metadata: { taller_limit_added_by_site: '3', taller_places_back: '' } },
    });
  });

  it("a voucher's session marked under the old name counts as marked; the site writes only the new one", () => {
    expect(placeGivenBack({ taller_place_back: 'given' })).toBe(true);
    expect(placeGivenBack({ taller_voucher_place: 'returned' })).toBe(true);
    expect(placeGivenBack({ taller_place_back: 'returned' })).toBe(false);
    expect(placeGivenBack({})).toBe(false);
  });
});

describe('limitPlan', () => {
  it('a link its limit closed: the limit rises by the places not yet given back, the count written with it, and it reopens', () => {
    expect(limitPlan(link(30, 30, false), 1, true)).toEqual({
      kind: 'raise',
      from: 0,
      limit: 31,
      reopen: true,
      params: { restrictions: { completed_sessions: { limit: 31 } }, metadata: { taller_limit_added_by_site: '1' }, active: true },
    });
    expect(limitPlan(link(31, 31, false, { taller_limit_added_by_site: '1' }), 3, true)).toMatchObject({ kind: 'raise', from: 1, limit: 33, reopen: true });
  });

  it('a link still selling rises without being told to be active; one whose late purchases outgrew the new limit stays closed', () => {
    expect(limitPlan(link(12, 30, true), 1, true)).toEqual({
      kind: 'raise',
      from: 0,
      limit: 31,
      reopen: false,
      params: { restrictions: { completed_sessions: { limit: 31 } }, metadata: { taller_limit_added_by_site: '1' } },
    });
    expect(limitPlan(link(32, 30, false), 1, true)).toMatchObject({ kind: 'raise', limit: 31, reopen: false });
  });

  it('never lowers: as many places given back as counted, or more, is counted', () => {
    expect(limitPlan(link(30, 32, true, { taller_limit_added_by_site: '2' }), 2, true)).toEqual({ kind: 'counted' });
    expect(limitPlan(link(30, 32, true, { taller_limit_added_by_site: '2' }), 1, true)).toEqual({ kind: 'counted' });
  });

  it("leaves alone a link the owner turned off with places left, one whose metadata is not the site's, one without a limit, and everything once the Early Bird is over", () => {
    expect(limitPlan(link(10, 30, false), 1, true)).toEqual({ kind: 'left_alone', reason: 'turned_off' });
    expect(limitPlan(link(30, 30, false, { taller_limit_added_by_site: 'x' }), 1, true)).toEqual({ kind: 'left_alone', reason: 'metadata' });
    expect(limitPlan(link(30, null, true), 1, true)).toEqual({ kind: 'no_limit' });
    expect(limitPlan(link(30, 30, false), 1, false)).toEqual({ kind: 'over' });
  });
});
