/**
 * Stripe's metadata limits as its API enforces them on every object that takes metadata (docs.stripe.com/metadata: "50
 * total key-value pairs", keys of 40 characters, values of 500), for the stand-in's writes: a Checkout Session's
 * update, a Payment Link's, a refund's creation (scripts/lib/stripeStandIn.ts routes them). The refusal is Stripe's
 * 400 `invalid_request_error`, its message as Stripe words it, and nothing is written. A key set to "" deletes it, so
 * the count is of the keys the object would hold once the write is merged. Typed, as every error of the stand-in, with the SDK's own StripeRawError.
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { type Answer, stripeErrorAnswer } from './stripeIdempotency.ts';

const MAX_KEYS = 50;
const MAX_KEY_LENGTH = 40;
const MAX_VALUE_LENGTH = 500;

const refusal = (message: string): Answer => stripeErrorAnswer(400, { type: 'invalid_request_error', param: 'metadata', message });

/** Stripe's answer to `changes` merged into `current`, or null when Stripe takes the write. Each key and value first, then the count. */
export function metadataRefusal(current: Record<string, string>, changes: Record<string, string>): Answer | null {
  for (const [key, value] of Object.entries(changes)) {
    if (key.length > MAX_KEY_LENGTH)
      return refusal(
        `Metadata keys can have up to ${MAX_KEY_LENGTH} characters, but you passed in a key that is ${key.length} characters. Invalid key: ${key}`,
      );
    if (value.length > MAX_VALUE_LENGTH)
      return refusal(
        `Metadata values can have up to ${MAX_VALUE_LENGTH} characters, but you passed in a value that is ${value.length} characters. Invalid value: ${value}`,
      );
  }
  const keys = new Set(Object.keys(current));
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') keys.delete(key);
    else keys.add(key);
  }
  if (keys.size > MAX_KEYS)
    return refusal(`Metadata can have up to ${MAX_KEYS} keys, but you've set ${keys.size}. Email us at support+metadata@stripe.com for more information.`);
  return null;
}
