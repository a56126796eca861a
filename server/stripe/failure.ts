import { MetadataLimitError } from './stripeMetadata';

/**
 * A failed SDK call, read without its message: Stripe's messages may quote an id or part of the key, so a log line
 * gets only the status, Stripe's error code and the SDK's error type, each checked for shape.
 */
export interface StripeFailure {
  /** The SDK's error class, e.g. StripeConnectionError. */
  type: string | null;
  /** The HTTP status Stripe answered; null when no answer came. */
  status: number | null;
  code: string | null;
  /** Why the site refused the call itself, in its own words (stripeMetadata.ts): never Stripe's message. */
  refusedHere?: string;
}

export function readStripeFailure(error: unknown): StripeFailure {
  // Refused before Stripe was asked, as Stripe would have refused it: a 400, its words naming the key.
  if (error instanceof MetadataLimitError) return { type: error.name, status: 400, code: 'metadata_limit', refusedHere: error.message };
  const { type, statusCode, code } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    type: typeof type === 'string' && /^\w{1,64}$/.test(type) ? type : null,
    status: typeof statusCode === 'number' ? statusCode : null,
    code: typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? code : null,
  };
}

/** The short cause for a log line: `HTTP 403 (code)`, no answer at all, or the error's type. */
export function stripeFailureDetail({ type, status, code, refusedHere }: StripeFailure): string {
  if (refusedHere) return `not sent: ${refusedHere}`;
  if (status !== null) return `HTTP ${status}${code ? ` (${code})` : ''}`;
  if (type === 'StripeConnectionError') return 'no answer (unreachable, reset or timed out)';
  return type ?? 'unexpected failure';
}
