import type Stripe from 'stripe';
import type { BuyerMail, BuyerRow, BuyersView } from '../../shared/components/panel/BuyerList';
import type { MoneyView, OverviewView, PlacesRow, SourceRow, SweepView } from '../../shared/components/panel/SaleCards';
import { workshop } from '../../shared/content/siteFacts';
import { type Money, moneyLabel } from '../../shared/logic/money';
import { type LinkRole, type SaleState, type SaleTerms, saleState, stillSelling, upcomingChanges } from '../../shared/logic/sale';
import { dateTimeLabel, workshopSchedule } from '../../shared/logic/schedule';
import type { Spots } from '../../shared/logic/spots';
import { MAIL_KINDS } from '../fulfilment/records/purchaseRecord';
import { hasAccess, type Purchase } from '../fulfilment/records/purchase';
import { bonificationOf } from '../fulfilment/records/refundTerms';
import { owesBonification } from '../fulfilment/records/refundMark';
import type { Due } from '../fulfilment/settle/dueNow';
import type { SweepListing, SweepReport } from '../fulfilment/sweep/purchaseSweep';

/**
 * What the panel shows of the sale, from Stripe as the last sweep listed it (no read of its own per page view), the
 * checkout's counts as the poller last read them, and the settings in force. Pure: the time is an argument.
 */
export interface SummaryInput {
  nowMs: number;
  sale: SaleTerms;
  edition: string;
  /** The links the site sells through, in order. */
  roles: readonly LinkRole[];
  /** Each link's places as its checkout last reported them; null: not counted. */
  spots: Record<LinkRole, Spots | null>;
  listing: SweepListing | null;
  lastSweep: { atMs: number; report: SweepReport } | null;
  /** What a purchase is owed now (server/fulfilment/settle/dueNow.ts). */
  due: (purchase: Purchase, nowMs: number) => Due;
  /** The search typed, trimmed; null: none. */
  query: string | null;
  /** The page's resend press (server/panel/resend.ts). */
  press: string;
  /** Where each setting in force came from (server/sale/liveSale.ts). */
  origins: OverviewView['origins'];
}

/** The buyers shown at once: a search finds anyone else. */
export const BUYERS_SHOWN = 50;

type Entry = SweepListing['entries'][number];

/** An instant as the panel writes it: "martes 30 de septiembre de 2025, 11:59 p. m. (Ciudad de México)". */
const when = (ms: number): string => `${dateTimeLabel(ms)} ${workshop.zoneShortLabel}`;

const expanded = <T extends { id: string }>(value: string | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null);
const intentOf = (session: Stripe.Checkout.Session) => expanded(session.payment_intent);
const chargeOf = (session: Stripe.Checkout.Session) => expanded(intentOf(session)?.latest_charge);

/** When an OXXO voucher stops being payable, as Stripe says on its PaymentIntent; null when it does not say. */
function voucherExpiryMs(session: Stripe.Checkout.Session): number | null {
  const after = intentOf(session)?.next_action?.oxxo_display_details?.expires_after;
  return typeof after === 'number' ? after * 1000 : null;
}

/** Amounts summed by currency, as labels: "1470 USD · $8,900 MXN"; null for none. */
function sumLabel(amounts: readonly Money[]): string | null {
  const sums = new Map<string, number>();
  for (const { minor, currency } of amounts) sums.set(currency, (sums.get(currency) ?? 0) + minor);
  return sums.size === 0 ? null : [...sums].map(([currency, minor]) => moneyLabel({ minor, currency })).join(' · ');
}

const counted = (amounts: readonly Money[]): { amount: string; count: number } | null => {
  const amount = sumLabel(amounts);
  return amount === null ? null : { amount, count: amounts.length };
};

/** Letters without their accents, in lower case: "María" is found by "maria". */
const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The checkout's attribution (client/attribution.ts): `source__medium__campaign__content__term`, empty parts left empty. */
function sourceOf(session: Stripe.Checkout.Session): { source: string | null; campaign: string | null } {
  const [source, , campaign] = (session.client_reference_id ?? '').split('__');
  return { source: source || null, campaign: campaign || null };
}

function overviewOf({ nowMs, sale, edition, spots, origins }: Pick<SummaryInput, 'nowMs' | 'sale' | 'edition' | 'spots' | 'origins'>): OverviewView {
  const state = saleState(nowMs, sale, spots.early_bird, spots.normal);
  const next = upcomingChanges(state, sale, spots.normal)[0];
  return { state, edition, workshopLabel: workshopSchedule(sale.workshopStartMs).fullLabel, nextLabel: next ? when(next.atMs) : null, origins };
}

function placesOf(roles: readonly LinkRole[], spots: SummaryInput['spots'], current: readonly Entry[], state: SaleState): PlacesRow[] {
  const selling = stillSelling(state);
  return roles.map((role) => {
    const own = current.filter(({ purchase }) => purchase.link === role);
    const vouchers = own.filter(({ purchase }) => purchase.standing === 'awaiting_payment');
    const until = vouchers.map(({ session }) => voucherExpiryMs(session)).filter((ms) => ms !== null);
    const counted = spots[role];
    return {
      role,
      sold: own.filter(({ purchase }) => hasAccess(purchase.standing)).length,
      selling,
      left: counted?.remaining ?? null,
      limit: counted?.limit ?? null,
      vouchers: vouchers.length,
      vouchersUntilLabel: until.length > 0 ? when(until.reduce((latest, ms) => Math.max(latest, ms))) : null,
    };
  });
}

function moneyOf(current: readonly Entry[]): MoneyView {
  const paid = (purchase: Purchase): Money[] => (purchase.paid ? [purchase.paid] : []);
  const received = current.filter(({ purchase }) => ['paid', 'refunded', 'disputed'].includes(purchase.standing));
  const refunds = current.flatMap(({ session, purchase }): Money[] => {
    const refunded = chargeOf(session)?.amount_refunded ?? 0;
    return refunded > 0 && purchase.paid ? [{ minor: refunded, currency: purchase.paid.currency }] : [];
  });
  const bonifications = current.flatMap(({ purchase }) => {
    const reason = purchase.refundReason;
    const bonus = reason && owesBonification(reason) ? bonificationOf(purchase, reason) : null;
    return bonus ? [bonus] : [];
  });
  return {
    in: sumLabel(received.flatMap(({ purchase }) => paid(purchase))),
    refunded: counted(refunds),
    disputed: counted(current.filter(({ purchase }) => purchase.standing === 'disputed').flatMap(({ purchase }) => paid(purchase))),
    bonifications: counted(bonifications),
  };
}

function sourcesOf(current: readonly Entry[]): SourceRow[] {
  const rows = new Map<string, SourceRow>();
  for (const { session, purchase } of current) {
    if (!hasAccess(purchase.standing)) continue;
    const { source, campaign } = sourceOf(session);
    const key = `${source ?? ''}\n${campaign ?? ''}`;
    const row = rows.get(key) ?? { source, campaign, sales: 0 };
    row.sales += 1;
    rows.set(key, row);
  }
  // Most sales first; on a tie, the tagged before the untagged, then by name.
  return [...rows.values()].sort(
    (a, b) => b.sales - a.sales || Number(a.source === null) - Number(b.source === null) || (a.source ?? '').localeCompare(b.source ?? ''),
  );
}

/** Each mail's state for one buyer: what its mark says, and what the site owes it now. */
function mailsOf(purchase: Purchase, due: Due): BuyerMail[] {
  return MAIL_KINDS.flatMap((kind): BuyerMail[] => {
    const { status } = purchase.marks[kind];
    if (status === 'sent' || status === 'failed' || status === 'undeliverable') return [{ kind, status }];
    return due.send.includes(kind) || status === 'sending' ? [{ kind, status: 'due' }] : [];
  });
}

function buyerOf({ session, purchase }: Entry, current: boolean, nowMs: number, due: SummaryInput['due']): BuyerRow {
  const voucher = purchase.standing === 'awaiting_payment' ? voucherExpiryMs(session) : null;
  const resent = purchase.resend?.status === 'sent' ? purchase.resend.atMs : null;
  return {
    sessionId: purchase.sessionId,
    name: session.customer_details?.name?.trim() || null,
    email: purchase.email,
    standing: purchase.standing,
    paidLabel: purchase.paidAtMs === null ? null : when(purchase.paidAtMs),
    voucherUntilLabel: voucher === null ? null : when(voucher),
    earlier: !current,
    mails: mailsOf(purchase, due(purchase, nowMs)),
    resentLabel: resent === null ? null : when(resent),
    canResend: hasAccess(purchase.standing),
  };
}

function buyersOf(entries: readonly Entry[], isCurrent: (purchase: Purchase) => boolean, input: SummaryInput): BuyersView {
  const { query, nowMs, due, press } = input;
  const needle = query === null ? null : folded(query);
  const found = entries
    .filter(({ session, purchase }) => needle === null || folded(`${session.customer_details?.name ?? ''} ${purchase.email}`).includes(needle))
    .sort((a, b) => b.session.created - a.session.created);
  return {
    rows: found.slice(0, BUYERS_SHOWN).map((entry) => buyerOf(entry, isCurrent(entry.purchase), nowMs, due)),
    total: found.length,
    query,
    everyone: entries.length,
    press,
  };
}

function sweepOf(lastSweep: SummaryInput['lastSweep'], nowMs: number): SweepView | null {
  if (!lastSweep) return null;
  const { atMs, report } = lastSweep;
  return {
    agoSeconds: Math.max(0, Math.round((nowMs - atMs) / 1000)),
    purchases: report.purchases,
    sent: report.sent,
    failed: report.failed,
    completed: report.completed,
  };
}

/** Everything the signed-in page shows but its forms. */
export function saleSummary(input: SummaryInput) {
  const { listing, edition } = input;
  const isCurrent = (purchase: Purchase): boolean => purchase.edition === null || purchase.edition === edition;
  const current = listing?.entries.filter(({ purchase }) => isCurrent(purchase)) ?? [];
  const overview = overviewOf(input);
  return {
    overview,
    sale: listing && {
      places: placesOf(input.roles, input.spots, current, overview.state),
      money: moneyOf(current),
      sources: sourcesOf(current),
      buyers: buyersOf(listing.entries, isCurrent, input),
    },
    sweep: sweepOf(input.lastSweep, input.nowMs),
  };
}
