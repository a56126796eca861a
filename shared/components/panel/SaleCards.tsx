import { panel, panelChanges } from '../../content/panelWords';
import type { LinkRole, SaleState } from '../../logic/sale';

/** The sale now: its state, its edition and date, and what it becomes next by itself. */
export interface OverviewView {
  state: SaleState;
  edition: string;
  /** "miércoles 8 de octubre de 2025, 8:00 p. m. hora de la Ciudad de México" */
  workshopLabel: string;
  /** When the sale changes by itself next, in words; null: it does not. */
  nextLabel: string | null;
  /** Where each setting in force came from: her panel, or the server's configuration. */
  origins: { setting: keyof typeof panelChanges.origins.setting; from: 'panel' | 'entorno' }[];
}

/** One link's places: sold (with access), left at the checkout (null: not counted), and its vouchers waiting. */
export interface PlacesRow {
  role: LinkRole;
  sold: number;
  /** False once the sale is closed or cancelled: what a link still counts is no longer for sale. */
  selling: boolean;
  left: number | null;
  limit: number | null;
  vouchers: number;
  /** When the last waiting voucher expires, in words; null when none says. */
  vouchersUntilLabel: string | null;
}

/** Sums as labels ("1470 USD", "$8,900 MXN"), several currencies joined; null: nothing. */
export interface MoneyView {
  in: string | null;
  refunded: { amount: string; count: number } | null;
  disputed: { amount: string; count: number } | null;
  bonifications: { amount: string; count: number } | null;
}

/** The sales one source and campaign brought; null: the checkout carried none. */
export interface SourceRow {
  source: string | null;
  campaign: string | null;
  sales: number;
}

/** The last sweep on this instance: how long ago it ended, what it found and did. */
export interface SweepView {
  agoSeconds: number;
  purchases: number;
  sent: number;
  failed: number;
  completed: boolean;
}

export function OverviewCard({ overview }: { overview: OverviewView }) {
  const words = panel.overview;
  return (
    <section className="card panel__card" aria-labelledby="venta">
      <h2 id="venta" className="panel__title">
        {words.heading}
      </h2>
      <p className={`panel__state panel__state--${overview.state}`}>{words.state[overview.state]}</p>
      <dl className="panel__facts">
        <div>
          <dt>{words.workshop}</dt>
          <dd>{overview.workshopLabel}</dd>
        </div>
        <div>
          <dt>{words.edition}</dt>
          <dd>{overview.edition}</dd>
        </div>
      </dl>
      <p className="panel__hint">{overview.nextLabel ? words.next(overview.state, overview.nextLabel) : words.nothingNext}</p>
      {overview.origins.some((origin) => origin.from === 'panel') && (
        <details className="panel__origins">
          <summary>{panelChanges.origins.title}</summary>
          <ul className="panel__list">
            {overview.origins.map((origin) => (
              <li key={origin.setting}>{`${panelChanges.origins.setting[origin.setting]}: ${panelChanges.origins[origin.from]}`}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function PlacesCard({ places }: { places: PlacesRow[] }) {
  const words = panel.places;
  return (
    <section className="card panel__card" aria-labelledby="lugares">
      <h2 id="lugares" className="panel__title">
        {words.heading}
      </h2>
      <ul className="panel__rows">
        {places.map((row) => (
          <li key={row.role} className="panel__row">
            <strong>{words.link[row.role]}</strong>
            <span>
              {words.sold(row.sold)}
              {' · '}
              {!row.selling ? words.closed : row.left !== null && row.limit !== null ? words.left(row.left, row.limit) : words.uncounted}
            </span>
            <span className="panel__hint">{row.vouchers > 0 ? words.vouchers(row.vouchers, row.vouchersUntilLabel) : words.noVouchers}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MoneyCard({ money }: { money: MoneyView }) {
  const words = panel.money;
  const counted = (entry: { amount: string; count: number } | null) => (entry ? `${entry.amount} (${words.count(entry.count)})` : words.none);
  return (
    <section className="card panel__card" aria-labelledby="dinero">
      <h2 id="dinero" className="panel__title">
        {words.heading}
      </h2>
      <dl className="panel__facts panel__facts--money">
        <div>
          <dt>{words.in}</dt>
          <dd>{money.in ?? words.none}</dd>
        </div>
        <div>
          <dt>{words.refunded}</dt>
          <dd>{counted(money.refunded)}</dd>
        </div>
        <div>
          <dt>{words.disputed}</dt>
          <dd>{counted(money.disputed)}</dd>
        </div>
        <div>
          <dt>{words.bonifications}</dt>
          <dd>{counted(money.bonifications)}</dd>
        </div>
      </dl>
      {money.bonifications && <p className="panel__hint">{words.bonificationsHint}</p>}
    </section>
  );
}

export function SourcesCard({ sources }: { sources: SourceRow[] }) {
  const words = panel.sources;
  return (
    <section className="card panel__card" aria-labelledby="origen">
      <h2 id="origen" className="panel__title">
        {words.heading}
      </h2>
      <p className="panel__hint">{words.lead}</p>
      {sources.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <table className="panel__table">
          <thead>
            <tr>
              <th scope="col">{words.source}</th>
              <th scope="col">{words.campaign}</th>
              <th scope="col">{words.sales}</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((row) => (
              <tr key={`${row.source ?? ''}|${row.campaign ?? ''}`}>
                <td>{row.source ?? words.direct}</td>
                <td>{row.campaign ?? '—'}</td>
                <td>{row.sales}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function SweepCard({ sweep }: { sweep: SweepView | null }) {
  const words = panel.sweep;
  return (
    <section className="card panel__card" aria-labelledby="barrido">
      <h2 id="barrido" className="panel__title">
        {words.heading}
      </h2>
      <p className="panel__hint">{words.lead}</p>
      {sweep ? (
        <>
          <p>{words.last(words.ago(sweep.agoSeconds), sweep.purchases, sweep.sent, sweep.failed)}</p>
          {!sweep.completed && <p>{words.stopped}</p>}
        </>
      ) : (
        <p>{words.none}</p>
      )}
    </section>
  );
}
