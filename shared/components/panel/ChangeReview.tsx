import { panel, panelChanges } from '../../content/panelWords';
import type { SaleState } from '../../logic/sale';
import { ROUTES } from '../../routes';
import { CsrfField } from './PanelForm';

/**
 * A change before she confirms it: what it is, when it takes effect, whom it reaches with which mail (one shown as
 * they will see it), the refunds, what the page will say, an edition's links; then the code's form. `refusal`: the
 * sentence that refuses it, and no form; `token`: the preview's (null: no code was mailed).
 */
export interface PreviewView {
  csrf: string;
  action: string;
  /** The form's own fields, sent again with the code. */
  fields: Record<string, string>;
  token: string | null;
  summary: string;
  refusal: string | null;
  codeError: string | null;
  takesEffectLabel: string;
  delayMinutes: number;
  buyers: number;
  mails: { label: string; count: number }[];
  refunds: { count: number; total: string | null; byTransfer: number; bonifications: string | null };
  page: { state: SaleState; says: string } | null;
  links: { name: string; price: string; limit: number | null }[];
  /** The mail's subject, and its body's HTML as the site composes it (its styles allowed by the page's policy). */
  sample: { subject: string; body: string } | null;
  listedLabel: string | null;
  ownerHint: string;
}

export function ChangeReview({ view }: { view: PreviewView }) {
  const words = panelChanges.preview;
  if (view.refusal && !view.page) {
    return (
      <div className="panel__message card">
        <h1 className="page__title panel__heading">{words.refusedTitle}</h1>
        <p className="panel__lead">{view.summary}</p>
        <p className="panel__notice panel__notice--warn" role="alert">
          {view.refusal}
        </p>
        <p>
          <a className="btn btn--outline btn--block" href={ROUTES.panel.path}>
            {words.back}
          </a>
        </p>
      </div>
    );
  }
  return (
    <>
      <h1 className="page__title panel__heading">{view.refusal ? words.refusedTitle : words.heading}</h1>
      <section className="card panel__card" aria-labelledby="cambio">
        <h2 id="cambio" className="panel__title">
          {words.change}
        </h2>
        <p className="panel__lead">{view.summary}</p>
        {view.refusal ? (
          <p className="panel__notice panel__notice--warn" role="alert">
            {view.refusal}
          </p>
        ) : (
          <p>{words.takesEffect(view.takesEffectLabel, view.delayMinutes)}</p>
        )}
      </section>
      <div className="panel__grid">
        <section className="card panel__card" aria-labelledby="a-quien">
          <h2 id="a-quien" className="panel__title">
            {words.buyersTitle}
          </h2>
          <p>{words.buyers(view.buyers)}</p>
          {view.mails.length > 0 && (
            <ul className="panel__list">
              {view.mails.map((mail) => (
                <li key={mail.label}>{words.mail(mail.label, mail.count)}</li>
              ))}
            </ul>
          )}
          {view.listedLabel && <p className="panel__hint">{words.listed(view.listedLabel)}</p>}
        </section>
        <section className="card panel__card" aria-labelledby="reembolsos">
          <h2 id="reembolsos" className="panel__title">
            {words.refundsTitle}
          </h2>
          {view.refunds.count === 0 && view.refunds.byTransfer === 0 ? (
            <p>{words.noRefunds}</p>
          ) : (
            <ul className="panel__list">
              {view.refunds.total && <li>{words.refunds(view.refunds.count, view.refunds.total)}</li>}
              {view.refunds.byTransfer > 0 && <li>{words.byTransfer(view.refunds.byTransfer)}</li>}
              {view.refunds.bonifications && <li>{words.bonifications(view.refunds.bonifications)}</li>}
            </ul>
          )}
        </section>
        {view.page && (
          <section className="card panel__card" aria-labelledby="pagina">
            <h2 id="pagina" className="panel__title">
              {words.pageTitle}
            </h2>
            <p className={`panel__state panel__state--${view.page.state}`}>{panel.overview.state[view.page.state]}</p>
            <p>{view.page.says}</p>
          </section>
        )}
        {view.links.length > 0 && (
          <section className="card panel__card" aria-labelledby="enlaces">
            <h2 id="enlaces" className="panel__title">
              {words.linksTitle}
            </h2>
            <ul className="panel__list">
              {view.links.map((link) => (
                <li key={link.name}>{words.link(link.name, link.price, link.limit)}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {view.token && !view.refusal && (
        <section className="card panel__card panel__confirm" aria-labelledby="confirmar">
          <h2 id="confirmar" className="panel__title">
            {words.confirm}
          </h2>
          <p>{words.codeSent(view.ownerHint)}</p>
          <form method="post" action={view.action} className="panel__form">
            <CsrfField token={view.csrf} />
            <input type="hidden" name="vista" value={view.token} />
            {Object.entries(view.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <div className="panel__field">
              <label htmlFor="codigo">{words.codeLabel}</label>
              <input
                id="codigo"
                name="codigo"
                type="text"
                inputMode="numeric"
                pattern="[0-9]{6}"
                maxLength={6}
                autoComplete="one-time-code"
                required
                aria-invalid={view.codeError ? true : undefined}
                aria-describedby={view.codeError ? 'codigo-error' : undefined}
              />
              {view.codeError && (
                <p id="codigo-error" className="panel__error" role="alert">
                  {view.codeError}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn--primary btn--block">
              {words.confirm}
            </button>
          </form>
        </section>
      )}
      {view.sample && (
        <section className="card panel__card" aria-labelledby="correo">
          <h2 id="correo" className="panel__title">
            {words.sampleTitle}
          </h2>
          <p className="panel__hint">{words.sampleLead}</p>
          <p>
            <strong>{words.sampleSubject}</strong> {view.sample.subject}
          </p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own mail as it composes it for the buyer, its styles allowed one by one by the page's policy */}
          <div className="panel__sample" dangerouslySetInnerHTML={{ __html: view.sample.body }} />
        </section>
      )}
      <p>
        <a className="btn btn--outline btn--block" href={ROUTES.panel.path}>
          {words.back}
        </a>
      </p>
    </>
  );
}
