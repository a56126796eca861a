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
}

export function readStripeFailure(error: unknown): StripeFailure {
  const { type, statusCode, code } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    type: typeof type === 'string' && /^\w{1,64}$/.test(type) ? type : null,
    status: typeof statusCode === 'number' ? statusCode : null,
    code: typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? code : null,
  };
}

/** The short cause for a log line: `HTTP 403 (code)`, no answer at all, or the error's type. */
export function stripeFailureDetail({ type, status, code }: StripeFailure): string {
  if (status !== null) return `HTTP ${status}${code ? ` (${code})` : ''}`;
  if (type === 'StripeConnectionError') return 'no answer (unreachable, reset or timed out)';
  return type ?? 'unexpected failure';
}
