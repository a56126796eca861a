import type { Standing } from './purchase';
import type { MarkStatus } from './purchaseRecord';

/**
 * The states of a purchase and what moves it, as tables: docs/fulfilment.md#states-and-words draws them (Mermaid) and
 * tests/unit/purchase-states.test.ts holds the drawing, and nextStep (mailMarks.ts), to them.
 */
export interface Transition<S extends string> {
  from: S;
  to: S;
  /** What moves it, in the glossary's words. */
  on: string;
}

/** Where a purchase stands at Stripe (purchase.ts): Stripe moves it, the site only reads it. */
export const STANDING_TRANSITIONS: readonly Transition<Standing>[] = [
  { from: 'awaiting_payment', to: 'paid', on: 'voucher paid' },
  { from: 'awaiting_payment', to: 'payment_failed', on: 'voucher expired' },
  { from: 'paid', to: 'refunded', on: 'refund in full' },
  { from: 'paid', to: 'disputed', on: 'dispute opened' },
  { from: 'free', to: 'refunded', on: 'refund in full' },
];

/** A mail's mark, one a kind of mail (mailMarks.ts): `none` is no mark yet. What the site writes, claim by claim. */
export type MarkState = MarkStatus | 'none';

export const MARK_TRANSITIONS: readonly Transition<MarkState>[] = [
  { from: 'none', to: 'sending', on: 'claim' },
  { from: 'sending', to: 'sent', on: 'mail taken' },
  { from: 'sending', to: 'failed', on: 'mail failed: released' },
  { from: 'sending', to: 'undeliverable', on: 'address refused for good' },
  { from: 'sending', to: 'sending', on: 'lease over: claim again' },
  { from: 'failed', to: 'sending', on: 'claim at the next turn' },
  { from: 'sent', to: 'sending', on: 'about another start: claim' },
];

/** The marks nothing moves on from for the start asked about. */
export const MARK_DONE: readonly MarkState[] = ['sent', 'undeliverable'];
