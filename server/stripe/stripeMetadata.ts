/**
 * Stripe's limits on the metadata of every object that takes it (docs.stripe.com/metadata): 50 keys, each of at most 40
 * characters, each value of at most 500. Past them Stripe refuses the whole write with a 400; the site refuses it first,
 * naming the key, so that the owner's log says what would not fit rather than what Stripe answered.
 */
const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;

/** A write of metadata past Stripe's limits, refused before it was sent. Its message names the key, never a value. */
export class MetadataLimitError extends Error {
  override name = 'MetadataLimitError';
  constructor(
    /** The key that does not fit: too long, its value too long, or the one past the 50th. */
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Throws a MetadataLimitError when `changes`, merged into `current` as Stripe merges them (a key set to "" deleted),
 * would break a limit. `current` unknown: only the keys and values written are checked. Pure.
 */
export function checkMetadata(changes: Record<string, string>, current?: Record<string, string> | null): void {
  const { keys, keyLength, valueLength } = METADATA_LIMITS;
  for (const [key, value] of Object.entries(changes)) {
    if (key.length > keyLength) throw new MetadataLimitError(key, `metadata key ${key} has ${key.length} characters, Stripe takes ${keyLength}`);
    if (value.length > valueLength) throw new MetadataLimitError(key, `metadata ${key} would hold ${value.length} characters, Stripe takes ${valueLength}`);
  }
  const held = new Set(Object.keys(current ?? {}).filter((key) => changes[key] !== ''));
  for (const [key, value] of Object.entries(changes)) {
    if (value === '' || held.has(key)) continue;
    held.add(key);
    if (held.size > keys) throw new MetadataLimitError(key, `metadata ${key} would be key ${held.size} of the object, Stripe takes ${keys}`);
  }
}
