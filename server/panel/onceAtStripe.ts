import { randomBytes } from 'node:crypto';
import { CheckoutError, type CheckoutApi } from '../stripe/checkoutApi';

/**
 * What the panel does once across every instance without a database: a claim is a write at Stripe under an
 * Idempotency-Key, the codebase's compare-and-set (server/fulfilment/mail/sendMailOnce.ts). Each claim writes one
 * metadata key on the Early Bird's Payment Link, CLAIM_KEY, set to a token of its own; Stripe carries out the first
 * request under a key, answers a second with other parameters `key_reused`, and one still running `in_use`. So the
 * claim is this caller's own when Stripe's answer carries its token, and someone else's otherwise. The key is the
 * link's one metadata key of the panel's (beside the sale's record, server/sale/saleRecord.ts, the keeper's marks and
 * the places given back), held to Stripe's limits at the boundary against the link as the last claim's answer gave it.
 */
const CLAIM_KEY = 'taller_panel_claim';

/** `own`: this call holds it; `taken`: another claim (another instance, another press) holds it; `unknown`: Stripe could not say. */
type Claim = 'own' | 'taken' | 'unknown';

export interface Claims {
  /** Claims `purpose`'s `id`, once for everyone. A claim whose answer was lost is recognised as its own when tried again here. */
  claim(purpose: string, id: string): Promise<Claim>;
  /**
   * One of `max` slots of `purpose` in a window (an hour, a preview): the first free one, the ones known taken skipped.
   * `false` once every slot is taken, whoever took them.
   */
  slot(purpose: string, window: string, max: number): Promise<boolean | 'unknown'>;
}

/** Idempotency-Keys are at most 255 characters at Stripe; an id of ours is far shorter. */
const keyOf = (purpose: string, id: string): string => `taller-panel-${purpose}-${id}`.slice(0, 255);
/** Claims whose answer never came, remembered to send again with the same token: far more than are ever in flight. */
const UNSETTLED = 200;
/** Windows whose taken slots are remembered: an hour's or a preview's, far more than are ever open. */
const WINDOWS = 200;

export function stripeClaims(checkout: CheckoutApi, paymentLink: string): Claims {
  const unsettled = new Map<string, string>();
  /** The link's metadata as the last claim's answer gave it: each write is held to Stripe's limits against it. */
  let current: Record<string, string> | undefined;
  const takenUpTo = new Map<string, number>();
  const remember = <V>(map: Map<string, V>, key: string, value: V, most: number): void => {
    map.delete(key);
    map.set(key, value);
    if (map.size > most) map.delete(map.keys().next().value as string);
  };

  const claim = async (purpose: string, id: string): Promise<Claim> => {
    const key = keyOf(purpose, id);
    // The same request again (the same token) after a lost answer: Stripe replays its answer, which carries it.
    const token = unsettled.get(key) ?? randomBytes(12).toString('base64url');
    try {
      const link = await checkout.updatePaymentLink(paymentLink, { metadata: { [CLAIM_KEY]: token } }, key, current);
      current = { ...link.metadata };
      unsettled.delete(key);
      return link.metadata?.[CLAIM_KEY] === token ? 'own' : 'taken';
    } catch (error) {
      if (error instanceof CheckoutError && (error.kind === 'key_reused' || error.kind === 'in_use')) {
        unsettled.delete(key);
        return 'taken';
      }
      remember(unsettled, key, token, UNSETTLED);
      return 'unknown';
    }
  };

  return {
    claim,
    async slot(purpose, window, max) {
      const scope = `${purpose}-${window}`;
      for (let slot = takenUpTo.get(scope) ?? 0; slot < max; slot += 1) {
        const claimed = await claim(purpose, `${window}-${slot}`);
        if (claimed === 'unknown') return 'unknown';
        remember(takenUpTo, scope, slot + 1, WINDOWS);
        if (claimed === 'own') return true;
      }
      return false;
    },
  };
}
