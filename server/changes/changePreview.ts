import { pricing } from '../../shared/content/landingPageWords';
import { pageAfterChange } from '../../shared/content/saleChangeWords';
import type { Money } from '../../shared/logic/money';
import { type LinkRole, type SaleState, type SaleTerms, saleState } from '../../shared/logic/sale';
import { dateTimeLabel, workshopSchedule } from '../../shared/logic/schedule';
import type { MailMessage } from '../fulfilment/mail/smtpMailer';
import type { MailKind } from '../fulfilment/records/purchaseRecord';
import type { Purchase } from '../fulfilment/records/purchase';
import { bonificationOf } from '../fulfilment/records/refundTerms';
import type { Change } from '../sale/saleChange';
import { owedBy, type SaleAfter } from './changeProgress';
import type { LinkCopy } from './editionLinks';

/** What a change will do, shown before the owner confirms it. */
export interface ChangePreview {
  change: Change;
  /** Why it cannot be made now (the form is not offered then); null: it can. */
  refusal: string | null;
  takesEffectAtMs: number;
  /** The buyers it reaches. */
  buyers: number;
  /** Which mail, to how many. */
  mails: { kind: MailKind; count: number }[];
  /** One of those mails, as its buyer will see it (its personal link the edition's sample page). */
  sample: { kind: MailKind; subject: string; html: string; text: string } | null;
  /** The refunds it makes at Stripe, their total in each currency, those owed by bank transfer, and the bonificaciones. */
  refunds: { count: number; totals: Money[]; byTransfer: number; bonifications: Money[] };
  /** What the public page says once it is in force. */
  page: { state: SaleState; says: string };
  /** The next edition's links, created at Stripe as the change is recorded. */
  links: { role: LinkRole; price: string; limit: number | null }[];
  /** When the buyers were listed (the last sweep); null: not yet. */
  listedAtMs: number | null;
}

/** Amounts added up by currency. */
function totals(amounts: readonly Money[]): Money[] {
  const sums = new Map<string, number>();
  for (const { minor, currency } of amounts) sums.set(currency, (sums.get(currency) ?? 0) + minor);
  return [...sums].map(([currency, minor]) => ({ minor, currency }));
}

/** What the public page's price card says in a state, in its own words. */
function pageSays(state: SaleState, sale: SaleTerms): string {
  const when = workshopSchedule(sale.workshopStartMs).fullLabel;
  switch (state) {
    case 'early-bird':
      return pageAfterChange.earlyBird(dateTimeLabel(Math.min(sale.earlyBirdDeadlineMs, sale.workshopStartMs)), when);
    case 'normal':
      return pageAfterChange.normal(when);
    case 'sold-out':
      return `${pricing.soldOutLabel}. ${pricing.soldOutText}`;
    case 'closed':
      return `${pricing.closedLabel}. ${pricing.closedTextPrefix} ${when}.`;
    case 'cancelled':
      return `${pricing.cancelledLabel}. ${pricing.cancelledTextPrefix} ${when}.`;
  }
}

export interface PreviewInput {
  change: Change;
  refusal: string | null;
  takesEffectAtMs: number;
  /** The sale once the change is in force: its terms for the page, the edition and timeline for the buyers. */
  saleAfter: SaleTerms;
  after: SaleAfter;
  listing: { atMs: number; purchases: readonly Purchase[] } | null;
  /** A buyer's mail as the site composes it, once the change is in force (server/fulfilment/mail/mailMessages.tsx). */
  compose: (purchase: Purchase, kind: MailKind, nowMs: number, attempt: number) => MailMessage;
  copies: readonly LinkCopy[];
}

/** A purchase as it will read when its mail goes: a cancellation's with its refund decided (a card's, made). */
const asWhenSent = (purchase: Purchase, kind: MailKind): Purchase =>
  kind === 'cancellation'
    ? { ...purchase, refundReason: 'cancelled', standing: purchase.paid && !purchase.paidInCash ? 'refunded' : purchase.standing }
    : purchase;

/**
 * The preview of a change: each purchase judged as the sweep will judge it once the change is in force
 * (server/changes/changeProgress.ts), the mails and refunds counted, one mail composed for the first buyer it reaches,
 * and the price card's words in the state the page will be in. Pure but for the composing.
 */
export function previewOf({ change, refusal, takesEffectAtMs, saleAfter, after, listing, compose, copies }: PreviewInput): ChangePreview {
  const mails = new Map<MailKind, number>();
  const refunded: Money[] = [];
  const bonuses: Money[] = [];
  let buyers = 0;
  let byTransfer = 0;
  let sample: ChangePreview['sample'] = null;
  for (const purchase of listing?.purchases ?? []) {
    const owed = owedBy(change, purchase, after, takesEffectAtMs, takesEffectAtMs);
    if (!owed || owed.sent) continue;
    buyers += 1;
    mails.set(owed.mail, (mails.get(owed.mail) ?? 0) + 1);
    if (owed.refund && !owed.refund.made) {
      if (owed.refund.cash) byTransfer += 1;
      else refunded.push(owed.refund.money);
      const bonus = bonificationOf(purchase, 'cancelled');
      if (bonus) bonuses.push(bonus);
    }
    if (!sample) {
      const message = compose(asWhenSent(purchase, owed.mail), owed.mail, takesEffectAtMs, purchase.marks[owed.mail].attempt + 1);
      sample = { kind: owed.mail, subject: message.subject, html: message.html, text: message.text };
    }
  }
  const state = saleState(takesEffectAtMs, saleAfter);
  return {
    change,
    refusal,
    takesEffectAtMs,
    buyers,
    mails: [...mails].map(([kind, count]) => ({ kind, count })),
    sample,
    refunds: { count: refunded.length, totals: totals(refunded), byTransfer, bonifications: totals(bonuses) },
    page: { state, says: pageSays(state, saleAfter) },
    links: copies.map(({ role, price, limit }) => ({ role, price, limit })),
    listedAtMs: listing?.atMs ?? null,
  };
}
