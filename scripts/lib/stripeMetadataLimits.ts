/**
 * Stripe's limits on an object's metadata (docs.stripe.com/metadata): 50 keys, keys of 40 characters, values of 500.
 * Stripe checks an update against the metadata it would leave (what the object has, merged with what the update sets
 * or deletes with ""), and refuses the whole request with a 400 `invalid_request_error` naming the limit, before it
 * changes anything; its messages as it writes them. Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import type { StripeErrorBody } from './stripeIdempotency.ts';

const METADATA_KEYS = 50;
const METADATA_KEY_CHARS = 40;
const METADATA_VALUE_CHARS = 500;

/** Stripe's refusal of `changes` (merged into `current`, an empty value deleting its key), or null when Stripe takes it. */
export function metadataRefusal(current: Readonly<Record<string, string>>, changes: Readonly<Record<string, string>>): StripeErrorBody | null {
  for (const [key, value] of Object.entries(changes)) {
    if (key.length > METADATA_KEY_CHARS) {
      return {
        type: 'invalid_request_error',
        message: `Metadata keys can have up to ${METADATA_KEY_CHARS} characters, but you passed in a key that is ${key.length} characters. Invalid key: ${key}`,
        param: 'metadata',
      };
    }
    if (value.length > METADATA_VALUE_CHARS) {
      return {
        type: 'invalid_request_error',
        message: `Metadata values can have up to ${METADATA_VALUE_CHARS} characters, but you passed in a value that is ${value.length} characters. Invalid value: ${value}`,
        param: 'metadata',
      };
    }
  }
  const keys = new Set(Object.keys(current));
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') keys.delete(key);
    else keys.add(key);
  }
  return keys.size > METADATA_KEYS
    ? { type: 'invalid_request_error', message: `Metadata can have up to ${METADATA_KEYS} keys, but you've set ${keys.size}`, param: 'metadata' }
    : null;
}
