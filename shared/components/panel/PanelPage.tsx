import type { ReactNode } from 'react';
import { panel } from '../../content/panelWords';
import { ROUTES } from '../../routes';
import { BuyerList, type BuyersView } from './BuyerList';
import { ChangeForms, type FormsView, HistoryCard, type HistoryRow, UnderWayCard, type UnderWayView } from './ChangeCards';
import { ChangeReview, type PreviewView } from './ChangeReview';
import { PanelForm } from './PanelForm';
import {
  MoneyCard,
  type MoneyView,
  OverviewCard,
  type OverviewView,
  PlacesCard,
  type PlacesRow,
  type SourceRow,
  SourcesCard,
  SweepCard,
  type SweepView,
} from './SaleCards';

/** A sentence at the top of the signed-in page: what the last form did. */
export interface Notice {
  tone: 'ok' | 'warn';
  text: string;
}

/** What the panel shows her signed in: her sale as the last sweep listed it, her buyers, the last sweep. */
interface HomeView {
  csrf: string;
  sessionUntilLabel: string;
  notice: Notice | null;
  overview: OverviewView;
  /** null until the first sweep has listed the purchases. */
  sale: { places: PlacesRow[]; money: MoneyView; sources: SourceRow[]; buyers: BuyersView } | null;
  sweep: SweepView | null;
  /** The latest change while it waits or is carried out, and until it is done. */
  underWay: UnderWayView | null;
  forms: FormsView;
  history: HistoryRow[];
}

/**
 * The seller's page in each state: signed out (one button), the link mailed, too many links this hour, the sign-in
 * link's one button, a spent link, a failure with nothing done, a form refused, and her sale once signed in.
 * `ownerHint`: her address, half hidden.
 */
export type PanelView =
  | { state: 'signed_out'; csrf: string; ownerHint: string }
  | { state: 'link_sent'; csrf: string; ownerHint: string }
  | { state: 'too_many'; untilLabel: string }
  | { state: 'confirm'; csrf: string; token: string }
  | { state: 'link_spent'; csrf: string }
  | { state: 'unavailable' }
  | { state: 'refused' }
  | { state: 'preview'; preview: PreviewView }
  | ({ state: 'home' } & HomeView);

function Bar({ csrf }: { csrf: string | null }) {
  return (
    <header className="topbar topbar--static panel__bar">
      <div className="container topbar__inner">
        <span className="topbar__brand">{panel.brand}</span>
        {csrf && (
          <form method="post" action={ROUTES.panelSignOut.path}>
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" className="btn btn--ghost btn--small">
              {panel.signOut}
            </button>
          </form>
        )}
      </div>
    </header>
  );
}

/** A page of one message and, maybe, one form. */
function Message({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="panel__message card">
      <h1 className="page__title panel__heading">{heading}</h1>
      {children}
    </div>
  );
}

function Back() {
  return (
    <p>
      <a className="btn btn--outline btn--block" href={ROUTES.panel.path}>
        {panel.backToPanel}
      </a>
    </p>
  );
}

function Home({ view }: { view: HomeView }) {
  return (
    <>
      <h1 className="page__title panel__heading">{panel.title}</h1>
      {view.notice && (
        <p className={`panel__notice panel__notice--${view.notice.tone}`} role="status">
          {view.notice.text}
        </p>
      )}
      {view.underWay && <UnderWayCard change={view.underWay} csrf={view.csrf} />}
      <div className="panel__grid">
        <OverviewCard overview={view.overview} />
        {view.sale ? (
          <>
            <PlacesCard places={view.sale.places} />
            <MoneyCard money={view.sale.money} />
            <SourcesCard sources={view.sale.sources} />
          </>
        ) : (
          <p className="card panel__card">{panel.overview.notYetListed}</p>
        )}
      </div>
      {view.sale && <BuyerList buyers={view.sale.buyers} csrf={view.csrf} />}
      <ChangeForms forms={view.forms} csrf={view.csrf} />
      {view.history.length > 0 && <HistoryCard history={view.history} />}
      <SweepCard sweep={view.sweep} />
      <p className="panel__hint panel__session">{panel.sessionUntil(view.sessionUntilLabel)}</p>
    </>
  );
}

function Body({ view }: { view: PanelView }) {
  switch (view.state) {
    case 'signed_out':
      return (
        <Message heading={panel.signedOut.heading}>
          <p className="page__lead">{panel.signedOut.lead}</p>
          <p>{panel.signedOut.how}</p>
          <PanelForm action={ROUTES.panelLink.path} csrf={view.csrf} button={panel.signedOut.cta} />
          <p className="panel__hint">{panel.signedOut.where(view.ownerHint)}</p>
        </Message>
      );
    case 'link_sent':
      return (
        <Message heading={panel.linkSent.heading}>
          <p className="page__lead">{panel.linkSent.text(view.ownerHint)}</p>
          <p>{panel.linkSent.hint}</p>
          <PanelForm action={ROUTES.panelLink.path} csrf={view.csrf} button={panel.linkSent.again} tone="outline" />
        </Message>
      );
    case 'too_many':
      return (
        <Message heading={panel.tooMany.heading}>
          <p className="page__lead">{panel.tooMany.text(view.untilLabel)}</p>
        </Message>
      );
    case 'confirm':
      return (
        <Message heading={panel.confirm.heading}>
          <p className="page__lead">{panel.confirm.lead}</p>
          <PanelForm action={ROUTES.panelSignIn.path} csrf={view.csrf} fields={{ enlace: view.token }} button={panel.confirm.cta} />
        </Message>
      );
    case 'link_spent':
      return (
        <Message heading={panel.linkSpent.heading}>
          <p className="page__lead">{panel.linkSpent.text}</p>
          <PanelForm action={ROUTES.panelLink.path} csrf={view.csrf} button={panel.signedOut.cta} />
        </Message>
      );
    case 'unavailable':
      return (
        <Message heading={panel.unavailable.heading}>
          <p className="page__lead">{panel.unavailable.text}</p>
          <Back />
        </Message>
      );
    case 'refused':
      return (
        <Message heading={panel.refused.heading}>
          <p className="page__lead">{panel.refused.text}</p>
          <Back />
        </Message>
      );
    case 'preview':
      return <ChangeReview view={view.preview} />;
    case 'home':
      return <Home view={view} />;
  }
}

/** The whole page: the bar (with the sign-out once signed in), then the state's content. No footer: nothing public links here. */
export function PanelPage({ view }: { view: PanelView }) {
  return (
    <>
      <Bar csrf={view.state === 'home' ? view.csrf : view.state === 'preview' ? view.preview.csrf : null} />
      <main id="contenido" className="page panel">
        <div className="container panel__container">
          <Body view={view} />
        </div>
      </main>
    </>
  );
}
