import { describe, expect, it } from 'vitest';
import { attributedCheckoutUrl } from '../../client/attribution';
import { earlyBirdSpotsTaken, saleState, type SaleTerms } from '../../shared/logic/sale';
import { spotsFrom } from '../../shared/logic/spots';

const terms: SaleTerms = { earlyBirdDeadlineMs: 2_000, workshopStartMs: 3_000, soldOut: false, cancelled: false };

describe('spotsFrom', () => {
  it('counts down from the link limit, and a deactivated link or a count at the limit has none left', () => {
    expect(spotsFrom({ count: 0, limit: 30, active: true }, 30)).toEqual({ remaining: 30, limit: 30 });
    expect(spotsFrom({ count: 29, limit: 30, active: true }, 30)).toEqual({ remaining: 1, limit: 30 });
    expect(spotsFrom({ count: 30, limit: 30, active: true }, 30)).toEqual({ remaining: 0, limit: 30 });
    expect(spotsFrom({ count: 31, limit: 30, active: true }, 30)).toEqual({ remaining: 0, limit: 30 });
    expect(spotsFrom({ count: 3, limit: 30, active: false }, 30)).toEqual({ remaining: 0, limit: 30 });
  });

  it("counts an expired voucher's place again, out of the owner's number: the limit less the places it gives back", () => {
    expect(spotsFrom({ count: 30, limit: 31, active: true, placesBack: 1 }, 30)).toEqual({ remaining: 1, limit: 30 });
    expect(spotsFrom({ count: 10, limit: 32, active: true, placesBack: 2 }, 30)).toEqual({ remaining: 22, limit: 30 });
    expect(spotsFrom({ count: 31, limit: 31, active: false, placesBack: 1 }, 30)).toEqual({ remaining: 0, limit: 30 });
    expect(spotsFrom({ count: 0, limit: 31, active: true, placesBack: 1 }, 30)).toEqual({ remaining: 30, limit: 30 });
  });

  it('has no count for a link without a limit, until it is deactivated: then none left of the fallback', () => {
    expect(spotsFrom({ count: 0, limit: null, active: true }, 30)).toBeNull();
    expect(spotsFrom({ count: 0, limit: null, active: false }, 30)).toEqual({ remaining: 0, limit: 30 });
  });
});

describe('saleState with spots', () => {
  it('ends the Early Bird when the spots are taken, and only the Early Bird', () => {
    const taken = { remaining: 0, limit: 30 };
    expect(saleState(1_000, terms, { remaining: 1, limit: 30 })).toBe('early-bird');
    expect(saleState(1_000, terms, null)).toBe('early-bird');
    expect(saleState(1_000, terms, taken)).toBe('normal');
    expect(earlyBirdSpotsTaken(1_000, terms, taken)).toBe(true);
    expect(earlyBirdSpotsTaken(2_500, terms, taken)).toBe(false);
    expect(saleState(1_000, { ...terms, soldOut: true }, taken)).toBe('sold-out');
    expect(saleState(3_000, terms, taken)).toBe('closed');
  });
});

describe('attributedCheckoutUrl', () => {
  const CHECKOUT = 'https://buy.stripe.com/test_abc';

  it('carries the five UTM values and a client_reference_id made of them, in a fixed order', () => {
    const url = new URL(
      attributedCheckoutUrl(CHECKOUT, '?utm_source=instagram&utm_medium=social&utm_campaign=lanzamiento&utm_content=reel-3&utm_term=marca_personal'),
    );
    expect(url.searchParams.get('utm_source')).toBe('instagram');
    expect(url.searchParams.get('utm_term')).toBe('marca_personal');
    expect(url.searchParams.get('client_reference_id')).toBe('instagram__social__lanzamiento__reel-3__marca_personal');
  });

  it('keeps the positions of missing values, and drops trailing ones', () => {
    const url = new URL(attributedCheckoutUrl(CHECKOUT, '?utm_source=tiktok&utm_campaign=sept'));
    expect(url.searchParams.get('client_reference_id')).toBe('tiktok____sept');
    expect(url.searchParams.has('utm_medium')).toBe(false);
  });

  it('leaves the link as it is without UTM values, and never forwards fbclid or gclid', () => {
    expect(attributedCheckoutUrl(CHECKOUT, '')).toBe(CHECKOUT);
    expect(attributedCheckoutUrl(CHECKOUT, '?fbclid=IwAR0abc&gclid=Cj0KCQ')).toBe(CHECKOUT);
  });

  it('drops each value outside Stripe rules: other characters, or longer than 150', () => {
    const hostile = new URLSearchParams({
      utm_source: '"><script>alert(1)</script>',
      utm_medium: 'email',
      utm_campaign: 'a'.repeat(151),
      utm_content: 'caf\u00e9',
      utm_term: 'x y',
    });
    const url = new URL(attributedCheckoutUrl(CHECKOUT, `?${hostile}`));
    expect([...url.searchParams.keys()]).toEqual(['utm_medium', 'client_reference_id']);
    expect(url.searchParams.get('client_reference_id')).toBe('__email');
  });

  it('drops the client_reference_id past 200 characters, and keeps the UTM values', () => {
    const long = 'b'.repeat(150);
    const url = new URL(attributedCheckoutUrl(CHECKOUT, `?utm_source=${long}&utm_medium=${long}`));
    expect(url.searchParams.get('utm_source')).toBe(long);
    expect(url.searchParams.has('client_reference_id')).toBe(false);
  });
});
