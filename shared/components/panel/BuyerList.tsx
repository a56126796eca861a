import { panel } from '../../content/panelWords';
import { ROUTES } from '../../routes';
import { CsrfField } from './PanelForm';

type MailName = keyof typeof panel.buyers.mail;
type Standing = keyof typeof panel.buyers.standing;

/** One mail of a buyer: sent, due now, failed for now, or refused for good. */
export interface BuyerMail {
  kind: MailName;
  status: 'sent' | 'due' | 'failed' | 'undeliverable';
}

/** One buyer as the last sweep listed her. */
export interface BuyerRow {
  sessionId: string;
  name: string | null;
  email: string;
  standing: Standing;
  /** When she paid, in words; null while unpaid. */
  paidLabel: string | null;
  /** A voucher waiting: when it expires, in words. */
  voucherUntilLabel: string | null;
  /** Of an edition before the one in force. */
  earlier: boolean;
  mails: BuyerMail[];
  /** When her confirmation was last sent again from here, in words. */
  resentLabel: string | null;
  /** She has access: her confirmation can go again. */
  canResend: boolean;
}

export interface BuyersView {
  rows: BuyerRow[];
  /** Every buyer listed, or every one the search found. */
  total: number;
  /** The search typed, as typed; null: none. */
  query: string | null;
  /** Every buyer listed, whatever the search. */
  everyone: number;
  /** The page's press of a resend: one id for every form of one page view, so that a second press of it sends nothing. */
  press: string;
}

const STATUS_WORD = { sent: panel.buyers.sent, due: panel.buyers.due, failed: panel.buyers.failed, undeliverable: panel.buyers.undeliverable } as const;

function Buyer({ row, csrf, press }: { row: BuyerRow; csrf: string; press: string }) {
  const words = panel.buyers;
  return (
    <li className="panel__buyer">
      <p className="panel__buyer-name">
        <strong>{row.name ?? row.email}</strong>
        <span className={`panel__pill panel__pill--${row.standing}`}>{words.standing[row.standing]}</span>
      </p>
      {row.name && <p className="panel__buyer-mail">{row.email}</p>}
      <p className="panel__hint">
        {[
          row.paidLabel && words.paidAt(row.paidLabel),
          row.voucherUntilLabel && words.voucherUntil(row.voucherUntilLabel),
          row.earlier ? words.earlierEdition : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {row.mails.length === 0 ? (
        <p className="panel__hint">
          {words.mails}: {words.noMails}
        </p>
      ) : (
        <ul className="panel__mails" aria-label={words.mails}>
          {row.mails.map((mail) => (
            <li key={mail.kind} className={`panel__mail panel__mail--${mail.status}`}>
              {`${words.mail[mail.kind]}: ${STATUS_WORD[mail.status]}`}
            </li>
          ))}
        </ul>
      )}
      {row.resentLabel && <p className="panel__hint">{words.resent(row.resentLabel)}</p>}
      {row.canResend && (
        <form method="post" action={ROUTES.panelResend.path} className="panel__inline-form">
          <CsrfField token={csrf} />
          <input type="hidden" name="compra" value={row.sessionId} />
          <input type="hidden" name="pulsacion" value={press} />
          <button type="submit" className="btn btn--ghost btn--small">
            {words.resend}
          </button>
        </form>
      )}
    </li>
  );
}

export function BuyerList({ buyers, csrf }: { buyers: BuyersView; csrf: string }) {
  const words = panel.buyers;
  const { query } = buyers;
  return (
    <section className="card panel__card" aria-labelledby="compradoras">
      <h2 id="compradoras" className="panel__title">
        {words.heading}
      </h2>
      <search>
        <form method="get" action={ROUTES.panel.path} className="panel__search">
          <label htmlFor="buscar">{words.searchLabel}</label>
          <div className="panel__search-row">
            <input id="buscar" name="buscar" type="search" defaultValue={query ?? ''} maxLength={100} autoComplete="off" />
            <button type="submit" className="btn btn--outline btn--small">
              {words.searchCta}
            </button>
          </div>
        </form>
      </search>
      <p className="panel__hint" role="status">
        {query === null
          ? buyers.everyone === 0
            ? words.none
            : words.count(buyers.rows.length, buyers.total)
          : buyers.total === 0
            ? words.nothingFound(query)
            : words.found(buyers.total, query)}
        {query !== null && (
          <>
            {' '}
            <a href={ROUTES.panel.path}>{words.clear}</a>
          </>
        )}
      </p>
      <p className="panel__hint">{words.resendHint}</p>
      <ul className="panel__buyers">
        {buyers.rows.map((row) => (
          <Buyer key={row.sessionId} row={row} csrf={csrf} press={buyers.press} />
        ))}
      </ul>
    </section>
  );
}
