/**
 * What the panel shows of a sale (server/panel/saleSummary.ts), from sessions as Stripe returns them (the stand-in's
 * fixtures, typed with the SDK's own types) read as the sweep reads them: the state and its next moment, each link's
 * places and vouchers, the money, where sales came from (the checkout's client_reference_id), each buyer and her mails.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkoutStandIn } from '../../scripts/lib/stripeCheckoutStandIn';
import type { Due } from '../../server/fulfilment/settle/dueNow';
import { purchaseOf } from '../../server/fulfilment/records/purchase';
import { BUYERS_SHOWN, saleSummary, type SummaryInput } from '../../server/panel/saleSummary';
import { PlacesCard } from '../../shared/components/panel/SaleCards';
import { panel } from '../../shared/content/panelWords';
import { workshop } from '../../shared/content/siteFacts';
import { dateTimeLabel } from '../../shared/logic/schedule';
import { DEFAULT_DEADLINE_MS, TEST_START_MS } from '../helpers/testApp';

const LINK = 'plink_1SummaryEarlyBird';
const roles = new Map([[LINK, 'early_bird' as const]]);
const NOW = DEFAULT_DEADLINE_MS - 10 * 86_400_000;
const when = (ms: number): string => `${dateTimeLabel(ms)} ${workshop.zoneShortLabel}`;
const buyer = (name: string) => ({ name, email: `${name.toLowerCase().replaceAll(' ', '.')}@correo.example.org` });

/** A sale of every kind of purchase, as a sweep lists it. */
function sale() {
  const stand = checkoutStandIn(LINK);
  const at = (days: number) => NOW - days * 86_400_000;
  const make = (kind: 'paid' | 'free' | 'voucher', name: string, days: number, options: { reference?: string; metadata?: Record<string, string> } = {}) =>
    stand.createSession(kind, { buyer: buyer(name), atMs: at(days), ...options });
  const ids = {
    ana: make('paid', 'Ana Origen', 6, { reference: 'instagram__social__lanzamiento__reel-7', metadata: { taller_confirmation: 'sent' } }),
    bea: make('paid', 'Bea Origen', 5, { reference: 'instagram__social__lanzamiento' }),
    cruz: make('paid', 'Cruz Tiktok', 4, { reference: 'tiktok__social__clase-gratis', metadata: { taller_day_before: 'x', taller_reminder_day: 'failed' } }),
    dora: make('paid', 'Dora Directa', 3),
    eva: make('free', 'Eva Invitada', 3),
    fina: make('voucher', 'Fina Ficha', 1),
    gala: make('voucher', 'Gala Vencida', 5),
    hilda: make('paid', 'Hilda Reembolso', 4, { metadata: { taller_refund: 'cancelled' } }),
    ines: make('paid', 'Inés Disputa', 4),
    juana: make('paid', 'Juana Anterior', 40, { metadata: { taller_edition: 'anterior' } }),
  };
  stand.expireVoucher(ids.gala);
  stand.refund(ids.hilda);
  stand.dispute(ids.ines);
  const entries = Object.values(ids).map((id) => {
    const session = stand.session(id) as Stripe.Checkout.Session;
    const purchase = purchaseOf(session, roles);
    if (!purchase) throw new Error('not a purchase');
    return { session, purchase };
  });
  return { stand, ids, entries, at };
}

const input = (
  entries: SummaryInput['listing'] extends infer L ? (L extends { entries: infer E } ? E : never) : never,
  more: Partial<SummaryInput> = {},
): SummaryInput => ({
  nowMs: NOW,
  sale: { earlyBirdDeadlineMs: DEFAULT_DEADLINE_MS, workshopStartMs: TEST_START_MS, soldOut: false, cancelled: false },
  edition: 'prueba',
  roles: ['early_bird'],
  spots: { early_bird: { remaining: 22, limit: 30 }, normal: null },
  listing: { atMs: NOW - 20_000, entries, purchases: entries.map((entry) => entry.purchase) },
  lastSweep: { atMs: NOW - 20_000, report: { completed: true, purchases: entries.length, sent: 2, failed: 1, placesBack: 0, yielded: false } },
  due: (): Due => ({ send: [], missed: [], placeBack: false, refund: null }),
  query: null,
  press: 'pulsacion-de-prueba',
  origins: [],
  ...more,
});

describe('saleSummary', () => {
  it('says the state, its next moment and each link’s places and vouchers, for the edition in force', () => {
    const { entries, at } = sale();
    const summary = saleSummary(input(entries));
    expect(summary.overview).toEqual({
      state: 'early-bird',
      edition: 'prueba',
      workshopLabel: expect.stringContaining('8 de octubre de 2025'),
      nextLabel: when(DEFAULT_DEADLINE_MS),
      origins: [],
    });
    // Paid or free, of this edition: Ana, Bea, Cruz, Dora, Eva; Juana's is an earlier edition's.
    expect(summary.sale?.places).toEqual([
      {
        role: 'early_bird',
        sold: 5,
        selling: true,
        left: 22,
        limit: 30,
        vouchers: 1,
        vouchersUntilLabel: when(Math.floor(at(1) / 1000) * 1000 + 3 * 86_400_000),
      },
    ]);
    expect(summary.sweep).toEqual({ agoSeconds: 20, purchases: entries.length, sent: 2, failed: 1, completed: true });
  });

  it('says a link of a cancelled or closed sale sells no more, whatever places it still counts', () => {
    const { entries } = sale();
    const terms = input(entries).sale;
    for (const [state, sale] of [
      ['cancelled', { ...terms, cancelled: true }],
      ['closed', { ...terms, workshopStartMs: NOW - 60_000 }],
    ] as const) {
      const summary = saleSummary(input(entries, { sale }));
      expect(summary.overview.state).toBe(state);
      expect(summary.sale?.places.map(({ selling, left }) => ({ selling, left }))).toEqual([{ selling: false, left: 22 }]);
      const shown = renderToStaticMarkup(createElement(PlacesCard, { places: summary.sale?.places ?? [] }));
      expect(shown).toContain(panel.places.closed);
      expect(shown).not.toContain(panel.places.left(22, 30));
    }
  });

  it('sums the money in, the refunds, the disputes and the bonificaciones owed', () => {
    const { entries } = sale();
    // In: Ana, Bea, Cruz, Dora, Hilda (refunded since), Inés (disputed since): six times 49 USD.
    expect(saleSummary(input(entries)).sale?.money).toEqual({
      in: '294 USD',
      refunded: { amount: '49 USD', count: 1 },
      disputed: { amount: '49 USD', count: 1 },
      bonifications: { amount: '9.80 USD', count: 1 },
    });
  });

  it('counts sales by the utm_source and utm_campaign their checkout carried, those without any apart', () => {
    const { entries } = sale();
    expect(saleSummary(input(entries)).sale?.sources).toEqual([
      { source: 'instagram', campaign: 'lanzamiento', sales: 2 },
      { source: null, campaign: null, sales: 2 },
      { source: 'tiktok', campaign: 'clase-gratis', sales: 1 },
    ]);
  });

  it("lists each buyer with her standing and her mails' states, newest first, the earlier edition's marked", () => {
    const { entries, ids } = sale();
    const due = (purchase: { sessionId: string }): Due => ({
      send: purchase.sessionId === ids.dora ? ['confirmation'] : [],
      missed: [],
      placeBack: false,
      refund: null,
    });
    const buyers = saleSummary(input(entries, { due })).sale?.buyers;
    expect(buyers?.total).toBe(entries.length);
    expect(buyers?.rows[0]?.name).toBe('Fina Ficha');
    const row = (id: string) => buyers?.rows.find((candidate) => candidate.sessionId === id);
    expect(row(ids.ana)?.mails).toEqual([{ kind: 'confirmation', status: 'sent' }]);
    expect(row(ids.cruz)?.mails).toEqual([{ kind: 'day_before', status: 'failed' }]);
    expect(row(ids.dora)?.mails).toEqual([{ kind: 'confirmation', status: 'due' }]);
    expect(row(ids.fina)).toMatchObject({ standing: 'awaiting_payment', canResend: false, voucherUntilLabel: expect.any(String), paidLabel: null });
    expect(row(ids.hilda)).toMatchObject({ standing: 'refunded', canResend: false });
    expect(row(ids.juana)).toMatchObject({ earlier: true, canResend: true });
  });

  it(`shows ${BUYERS_SHOWN} buyers at once, and a search finds any of them`, () => {
    const stand = checkoutStandIn(LINK);
    const many = Array.from({ length: BUYERS_SHOWN + 5 }, (_, n) =>
      stand.createSession('paid', { buyer: buyer(`Compradora Numero ${n}`), atMs: NOW - n * 60_000 }),
    );
    const entries = many.map((id) => {
      const session = stand.session(id) as Stripe.Checkout.Session;
      return { session, purchase: purchaseOf(session, roles) ?? (undefined as never) };
    });
    const all = saleSummary(input(entries)).sale?.buyers;
    expect(all?.rows).toHaveLength(BUYERS_SHOWN);
    expect(all?.total).toBe(BUYERS_SHOWN + 5);
    const found = saleSummary(input(entries, { query: 'numero 54' })).sale?.buyers;
    expect(found?.rows.map((row) => row.name)).toEqual(['Compradora Numero 54']);
  });

  it('has no sale to show before the first sweep has listed it', () => {
    expect(saleSummary(input([], { listing: null, lastSweep: null }))).toMatchObject({ sale: null, sweep: null });
  });
});
