/**
 * The pure judgement of where a purchase stands among the editions (server/fulfilment/records/purchaseJourney.ts), read
 * from its marks at Stripe as the stand-in keeps them: the edition it was marked with, the start its buyer was told,
 * the SEQUENCE of its next invite, and the refund a new date entitles it to; and the marks an earlier release's
 * purchase is adopted with (server/fulfilment/records/editionMark.ts).
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkoutStandIn } from '../../scripts/lib/stripeCheckoutStandIn';
import { adoptionOf } from '../../server/fulfilment/records/editionMark';
import { purchaseOf } from '../../server/fulfilment/records/purchase';
import { recordMetadata } from '../../server/fulfilment/records/purchaseRecord';
import { type EditionTerms, journeyOf } from '../../server/fulfilment/records/purchaseJourney';
import { moneyLabel, shareOf } from '../../shared/logic/money';
import { isoInWorkshopZone } from '../../shared/logic/schedule';

const LINK = 'plink_1PurchaseJourneyUnit';
const LINKS = new Map([[LINK, 'early_bird' as const]]);
const DAY = 86_400_000;
const FIRST = Date.parse('2025-10-08T20:00:00-06:00');
const MOVED = FIRST + 7 * DAY;
const PUBLIC_URL = 'https://taller.example.org';
const edition = (startMs: number, name = 'otono-2025', cancelled = false): EditionTerms => ({ name, startMs, cancelled, publicUrl: PUBLIC_URL });

/** A paid purchase whose session carries `metadata`, as Stripe would return it. */
function purchaseWith(metadata: Record<string, string>, kind: 'paid' | 'free' = 'paid') {
  const checkout = checkoutStandIn(LINK);
  const sessionId = checkout.createSession(kind, { atMs: FIRST - 20 * DAY });
  const session = checkout.session(sessionId) as Stripe.Checkout.Session;
  const purchase = purchaseOf({ ...session, metadata }, LINKS);
  if (!purchase) throw new Error('not a purchase');
  return purchase;
}
const confirmedAt = (startMs: number, name = 'otono-2025') => ({
  taller_edition: name,
  ...recordMetadata([{ mark: 'confirmation', status: 'sent', attempt: 1, claim: 'a', atMs: FIRST - 20 * DAY, forMs: startMs }], {}),
});

describe('journeyOf', () => {
  it('a purchase of the edition in force follows its start: a new one is a change owed to its buyer, and opens the refund until it', () => {
    const purchase = purchaseWith(confirmedAt(FIRST));
    expect(journeyOf(purchase, edition(FIRST), FIRST - DAY)).toMatchObject({ current: true, startMs: FIRST, changed: false, sequence: 0, refundOpen: false });
    const moved = journeyOf(purchase, edition(MOVED), FIRST - DAY);
    expect(moved).toMatchObject({ current: true, startMs: MOVED, boughtForMs: FIRST, toldMs: FIRST, changed: true, sequence: 1, refundOpen: true });
    expect(moved.uid).toBe('taller-otono-2025@taller.example.org');
    expect(journeyOf(purchase, edition(MOVED), MOVED).refundOpen).toBe(false);
    expect(journeyOf(purchase, edition(MOVED, 'otono-2025', true), FIRST - DAY)).toMatchObject({ cancelled: true, refundOpen: false });
    // Nothing paid, nothing to refund.
    expect(journeyOf(purchaseWith(confirmedAt(FIRST), 'free'), edition(MOVED), FIRST - DAY).refundOpen).toBe(false);
  });

  it('once the new date is announced, its buyer was told it; each later one takes the next SEQUENCE, a move back included', () => {
    const told = purchaseWith({
      ...confirmedAt(FIRST),
      ...recordMetadata([{ mark: 'date_change', status: 'sent', attempt: 1, claim: 'b', atMs: FIRST - 5 * DAY, forMs: MOVED }], {}),
    });
    expect(journeyOf(told, edition(MOVED), FIRST - DAY)).toMatchObject({ toldMs: MOVED, changed: false, sequence: 1, refundOpen: true });
    expect(journeyOf(told, edition(FIRST), FIRST - DAY)).toMatchObject({ toldMs: MOVED, changed: true, sequence: 2, refundOpen: false });
  });

  it("an earlier edition's purchase keeps its own start, whatever the edition in force, and is never cancelled with it", () => {
    const earlier = purchaseWith(confirmedAt(FIRST, 'verano-2025'));
    expect(journeyOf(earlier, edition(MOVED, 'otono-2025', true), FIRST + DAY)).toMatchObject({
      current: false,
      startMs: FIRST,
      changed: false,
      cancelled: false,
      uid: 'taller-verano-2025@taller.example.org',
    });
  });

  it('a workshop its buyer was told of that has taken place is never moved, even under the same name', () => {
    const held = purchaseWith(confirmedAt(FIRST));
    expect(journeyOf(held, edition(MOVED), FIRST + DAY)).toMatchObject({ current: false, startMs: FIRST, changed: false, refundOpen: false });
    // Before it took place, the same start in force is a new date like any other.
    expect(journeyOf(held, edition(MOVED), FIRST - DAY).current).toBe(true);
  });

  it("an earlier release's purchase, with no edition and no start, belongs to the edition in force and was told its start", () => {
    const legacy = { taller_confirmation: 'sent', taller_confirmation_attempt: '1', taller_confirmation_at: new Date(FIRST - 20 * DAY).toISOString() };
    const earlier = purchaseWith(legacy);
    expect(journeyOf(earlier, edition(FIRST), FIRST - DAY)).toMatchObject({ current: true, toldMs: FIRST, changed: false });
    const adoption = adoptionOf(earlier, { edition: 'otono-2025', startMs: FIRST, publicUrl: PUBLIC_URL, recordingUrl: null }) ?? [];
    const written = recordMetadata(adoption, earlier.metadata);
    // Its confirmation's mark is written again, now about the start in force, in this release's two keys.
    expect(written).toEqual({
      taller_edition: 'otono-2025',
      taller_confirmation: 'sent',
      taller_confirmation_mark: `1;${new Date(FIRST - 20 * DAY).toISOString()};;${isoInWorkshopZone(FIRST)}`,
      taller_confirmation_attempt: '',
      taller_confirmation_at: '',
      taller_invite_uid: `taller-${FIRST}@taller.example.org`,
    });
    const adopted = purchaseWith(Object.fromEntries(Object.entries({ ...legacy, ...written }).filter(([, value]) => value !== '')));
    expect(adopted.marks.confirmation).toEqual({ ...earlier.marks.confirmation, forMs: FIRST });
    expect(journeyOf(adopted, edition(MOVED), FIRST - DAY)).toMatchObject({ changed: true, uid: `taller-${FIRST}@taller.example.org` });
    // Marked once: a purchase with an edition, or with no mark at all, is left as it is.
    expect(adoptionOf(adopted, { edition: 'otro', startMs: MOVED, publicUrl: PUBLIC_URL, recordingUrl: null })).toBeNull();
    expect(adoptionOf(purchaseWith({}), { edition: 'otro', startMs: MOVED, publicUrl: PUBLIC_URL, recordingUrl: null })).toBeNull();
  });
});

describe('the bonificación', () => {
  it('is 20 % of what was paid, rounded up to the cent, written as the page writes prices', () => {
    expect(moneyLabel(shareOf({ minor: 4900, currency: 'usd' }, 20))).toBe('9.80 USD');
    expect(moneyLabel(shareOf({ minor: 89_000, currency: 'mxn' }, 20))).toBe('$178 MXN');
    expect(shareOf({ minor: 4901, currency: 'usd' }, 20).minor).toBe(981);
    expect(moneyLabel({ minor: 4900, currency: 'usd' })).toBe('49 USD');
  });
});
