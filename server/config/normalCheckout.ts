import { ConfigError } from './configError';

/** The normal price's own Stripe Payment Link: its id, read and closed with the Early Bird's key, and the URL buyers open. */
export interface NormalCheckout {
  paymentLink: string;
  url: string;
}

const refuse = (variable: string, expected: string, value: string): never => {
  throw new ConfigError(`Invalid ${variable}: expected ${expected}, got ${JSON.stringify(value)}`);
};

/**
 * STRIPE_NORMAL_PAYMENT_LINK and NORMAL_CHECKOUT_URL: both or neither, one alone refused naming the other. The link is
 * read (its limit, its price) and closed at the start with the Early Bird's key, so it needs the Early Bird's settings;
 * and it is a link of its own, or the page would sell the Early Bird's price as the normal one.
 */
export function parseNormalCheckout(link: string, url: string, earlyBirdLink: string | null, earlyBirdUrl: string): NormalCheckout | null {
  if (!link && !url) return null;
  if (!url) throw new ConfigError('STRIPE_NORMAL_PAYMENT_LINK is set but NORMAL_CHECKOUT_URL is not: set both to sell at the normal price, or neither');
  if (!link) throw new ConfigError('NORMAL_CHECKOUT_URL is set but STRIPE_NORMAL_PAYMENT_LINK is not: set both to sell at the normal price, or neither');
  if (!/^plink_[A-Za-z0-9]+$/.test(link)) refuse('STRIPE_NORMAL_PAYMENT_LINK', 'a Payment Link id like plink_1AbC...', link);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // Refused below, in the same words as any other value.
  }
  if (parsed?.protocol !== 'https:' || !parsed.hostname || parsed.username) refuse('NORMAL_CHECKOUT_URL', 'an absolute https URL', url);
  if (!earlyBirdLink) {
    throw new ConfigError(
      'STRIPE_NORMAL_PAYMENT_LINK and NORMAL_CHECKOUT_URL are set but STRIPE_SECRET_KEY and STRIPE_PAYMENT_LINK are not: the normal price is read and closed with the same key',
    );
  }
  if (link === earlyBirdLink) refuse('STRIPE_NORMAL_PAYMENT_LINK', "a Payment Link of the normal price's own, not STRIPE_PAYMENT_LINK's", link);
  const href = (parsed as URL).href;
  if (href === earlyBirdUrl) refuse('NORMAL_CHECKOUT_URL', "the normal price's own checkout URL, not CHECKOUT_URL's", url);
  return { paymentLink: link, url: href };
}
