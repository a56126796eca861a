import { access, accessChanges } from '../content/accessPageWords';
import { cancellationMail } from '../content/cancellationMailWords';
import { confirmation } from '../content/confirmationMailWords';
import { samplePurchase } from '../content/preflightSampleWords';
import { recordingMail } from '../content/recordingMailWords';
import { refundByMail, sellerCancellation, voucherRefund } from '../content/salePromises';
import { thanks } from '../content/thanksPageWords';
import { BackHome } from './BackHome';
import { Footer, type FooterProps } from './Footer';
import { Contact, PrepareCard, WhenCard } from './BuyerCards';
import { Icon } from './Icon';
import type { MailFacts } from './mail/MailFrame';
import { type MoneyBack, moneyBackLines } from './mail/MoneyBack';
import { SimpleHeader } from './SimpleHeader';

type MaterialName = keyof typeof access.after.materials;

/** A new date, as the page before the workshop tells it: the date bought for, and the refund while it may be asked for. */
export interface DateChangeNotice {
  fromLabel: string;
  refund: { paid: string; bonus: string | null; untilLabel: string; confirmUrl: string } | null;
}

/**
 * The buyer's personal link in each state it can show (during the workshop it shows nothing: it leads into the
 * meeting). Never the meeting's own link: only the redirect carries it.
 */
export type AccessView =
  /**
   * `sample`: the made-up buyer's page `npm run preflight` mails the owner, marked as such. `opensLabel` null: an
   * earlier edition's page, which never opens onto the meeting of the edition in force.
   */
  | {
      state: 'before';
      facts: MailFacts;
      opensLabel: string | null;
      googleCalendarUrl: string;
      icsUrl: string;
      sample: boolean;
      change: DateChangeNotice | null;
    }
  /**
   * The personal link's refund step: what comes back, and how (`cash`: by bank transfer), how it is confirmed, and the
   * form that mails the confirmation link.
   */
  | { state: 'confirm'; paid: string; bonus: string | null; cash: boolean; formAction: string; proof: string; backUrl: string }
  /** The link went to `to` (partly hidden), holding until `untilLabel`; `mail_limited`: enough went this hour, and none did now. */
  | { state: 'mail_sent'; to: string; untilLabel: string; backUrl: string }
  | { state: 'mail_limited'; backUrl: string }
  /** The page the mailed link opens: what comes back, and the one button that refunds. */
  | { state: 'link_confirm'; paid: string; bonus: string | null; cash: boolean; formAction: string; backUrl: string }
  /** A mailed link past its hour, or made for a date that moved again. */
  | { state: 'link_spent'; backUrl: string }
  /** The mailed link's button pressed: the refund decided, and on its way. */
  | { state: 'started'; firstName: string | null; paid: string; bonus: string | null; cash: boolean }
  | { state: 'cancelled'; firstName: string | null; money: MoneyBack }
  | { state: 'withdrawn'; firstName: string | null; money: MoneyBack }
  /** The refund asked for is not open (any more): the workshop began, or nothing entitles this purchase to it. */
  | { state: 'refund_closed'; backUrl: string }
  | {
      state: 'after';
      firstName: string | null;
      /** url null: the owner has not set it yet. */
      recording: { url: string | null; untilLabel: string; ended: boolean };
      materials: Record<MaterialName, string | null>;
    }
  | { state: 'ended' }
  | { state: 'not_found' }
  | { state: 'unavailable' };

/** The date moved since the purchase: what it was, that nothing need be done, and the refund while it is open. */
function ChangeCard({ change }: { change: DateChangeNotice }) {
  const { refund } = change;
  return (
    <section className="card thanks__block access__change" aria-labelledby="cambio">
      <h2 id="cambio" className="thanks__title">
        {accessChanges.change.title}
      </h2>
      <p>
        {accessChanges.change.fromLead} <strong>{change.fromLabel}</strong>. {accessChanges.change.fromText}
      </p>
      {refund && (
        <>
          <p>{accessChanges.change.refundText(refund.paid, refund.bonus ?? refund.paid, refund.untilLabel)}</p>
          <p>
            <a className="btn btn--outline" href={refund.confirmUrl}>
              {accessChanges.change.refundCta}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

/** Before it opens: when, in the buyer's cities, when the link opens, the calendar, what to prepare. */
function Before({ facts, opensLabel, googleCalendarUrl, icsUrl, sample, change }: Extract<AccessView, { state: 'before' }>) {
  return (
    <>
      {sample ? (
        <p className="card thanks__block" role="note">
          <strong>{samplePurchase.pageNote}</strong>
        </p>
      ) : null}
      <p className="eyebrow">{access.before.eyebrow}</p>
      <h1 className="page__title">{access.before.heading(facts.firstName)}</h1>
      <p className="page__lead">{access.before.lead}</p>
      <WhenCard facts={facts} />
      {change && <ChangeCard change={change} />}
      {opensLabel && (
        <section className="card thanks__block" aria-labelledby="entrar">
          <h2 id="entrar" className="thanks__title">
            {access.before.opensTitle}
          </h2>
          <p className="access__opens">
            <Icon name="clock" />
            <span>
              {access.before.opensLead} <strong>{opensLabel}</strong>.
            </span>
          </p>
          <p>{access.before.opensText}</p>
          <p className="thanks__hint">{confirmation.personalNote}</p>
        </section>
      )}
      <section className="card thanks__block" aria-labelledby="calendario">
        <h2 id="calendario" className="thanks__title">
          {access.before.calendarTitle}
        </h2>
        <p>
          <a className="btn btn--outline" href={googleCalendarUrl} target="_blank" rel="noopener noreferrer">
            <Icon name="calendar" />
            {access.before.googleCalendarCta}
          </a>
        </p>
        <p>
          <a href={icsUrl} download={confirmation.icsFileName}>
            {access.before.icsCta}
          </a>
        </p>
        <p className="thanks__hint">{access.before.calendarHint}</p>
      </section>
      <PrepareCard />
      <p>{access.before.remindersNote}</p>
    </>
  );
}

/** One material: its link once the owner has set it, else the promise that it comes by mail. */
function Material({ title, cta, url }: { title: string; cta: string; url: string | null }) {
  return (
    <li className="access__material">
      <span className="access__material-title">{title}</span>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {cta}
        </a>
      ) : (
        <span className="thanks__hint">{access.after.comingSoon}</span>
      )}
    </li>
  );
}

/** After the workshop: the recording while it is offered, then the materials. */
function After({ firstName, recording, materials }: Extract<AccessView, { state: 'after' }>) {
  return (
    <>
      <p className="eyebrow">{access.after.eyebrow}</p>
      <h1 className="page__title">{access.after.heading(firstName)}</h1>
      <p className="page__lead">{access.after.lead}</p>
      <section className="card thanks__block" aria-labelledby="grabacion">
        <h2 id="grabacion" className="thanks__title">
          {access.after.recordingTitle}
        </h2>
        {recording.ended ? (
          <p>
            {access.after.recordingEnded} {recording.untilLabel}.
          </p>
        ) : recording.url ? (
          <>
            <p>
              <a className="btn btn--primary" href={recording.url} target="_blank" rel="noopener noreferrer">
                <Icon name="video" />
                {access.after.recordingCta}
              </a>
            </p>
            <p className="thanks__hint">
              {access.after.recordingUntil} {recording.untilLabel}.
            </p>
          </>
        ) : (
          <p>{access.after.comingSoon}</p>
        )}
      </section>
      <section className="card thanks__block" aria-labelledby="materiales">
        <h2 id="materiales" className="thanks__title">
          {access.after.materialsTitle}
        </h2>
        <ul className="access__materials">
          {(Object.keys(access.after.materials) as MaterialName[]).map((name) => (
            <Material key={name} title={access.after.materials[name].title} cta={access.after.materials[name].cta} url={materials[name]} />
          ))}
        </ul>
      </section>
      <p className="thanks__hint">{recordingMail.personalNote}</p>
    </>
  );
}

/** How the money comes back, and the bonificación where one is owed. */
function MoneyCard({ money }: { money: MoneyBack }) {
  return (
    <section className="card thanks__block" aria-labelledby="devolucion">
      <h2 id="devolucion" className="thanks__title">
        {accessChanges.refundTitle}
      </h2>
      {money.paid && <p>{cancellationMail.refundAmount(money.paid)}</p>}
      {moneyBackLines(money, 'page').map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}

/** What a refund after a new date gives back: all that was paid, how, and the bonificación with how it is paid. */
function RefundAmounts({ paid, bonus, cash }: { paid: string; bonus: string | null; cash: boolean }) {
  return (
    <section className="card thanks__block" aria-labelledby="devolucion">
      <h2 id="devolucion" className="thanks__title">
        {accessChanges.refundTitle}
      </h2>
      <p>{accessChanges.confirm.refundLine(paid)}</p>
      <p>{cash ? voucherRefund : accessChanges.confirm.byCard}</p>
      {bonus && (
        <>
          <p>{sellerCancellation.amount(bonus)}</p>
          <p>{sellerCancellation.payment}</p>
          <p>{accessChanges.confirm.detailsByMail}</p>
        </>
      )}
    </section>
  );
}

/** The personal link's step: what comes back, how the refund is confirmed, then the form that mails the link, or the way back. */
function Confirm({ paid, bonus, cash, formAction, proof, backUrl }: Extract<AccessView, { state: 'confirm' }>) {
  return (
    <>
      <p className="eyebrow">{accessChanges.confirm.eyebrow}</p>
      <h1 className="page__title">{accessChanges.confirm.heading}</h1>
      <p className="page__lead">{accessChanges.confirm.lead}</p>
      <RefundAmounts paid={paid} bonus={bonus} cash={cash} />
      <section className="card thanks__block" aria-labelledby="como">
        <h2 id="como" className="thanks__title">
          {accessChanges.confirm.howTitle}
        </h2>
        <p>{refundByMail.howTo}</p>
      </section>
      <form className="access__confirm" method="post" action={formAction}>
        <input type="hidden" name="confirmacion" value={proof} />
        <button type="submit" className="btn btn--primary">
          {accessChanges.confirm.sendCta}
        </button>
        <a className="btn btn--outline" href={backUrl}>
          {accessChanges.confirm.keepCta}
        </a>
      </form>
    </>
  );
}

/** The answer to the step's button: where the link went and until when; or that enough went this hour. */
function MailSent(view: Extract<AccessView, { state: 'mail_sent' | 'mail_limited' }>) {
  const words = accessChanges.mailSent;
  return (
    <>
      <p className="eyebrow">{words.eyebrow}</p>
      <h1 className="page__title">{view.state === 'mail_sent' ? words.heading : words.limitedHeading}</h1>
      <p className="page__lead">{view.state === 'mail_sent' ? words.lead(view.to, view.untilLabel) : words.limited}</p>
      {view.state === 'mail_sent' && <p>{words.spam}</p>}
      <p>{words.keep}</p>
      <p>
        <a className="btn btn--outline" href={view.backUrl}>
          {words.back}
        </a>
      </p>
    </>
  );
}

/** The mailed link's page: what comes back, then the one button that refunds, or the way back. */
function LinkConfirm({ paid, bonus, cash, formAction, backUrl }: Extract<AccessView, { state: 'link_confirm' }>) {
  return (
    <>
      <p className="eyebrow">{accessChanges.link.eyebrow}</p>
      <h1 className="page__title">{accessChanges.link.heading}</h1>
      <p className="page__lead">{accessChanges.link.lead}</p>
      <RefundAmounts paid={paid} bonus={bonus} cash={cash} />
      <form className="access__confirm" method="post" action={formAction}>
        <input type="hidden" name="confirmar" value="si" />
        <button type="submit" className="btn btn--primary">
          {accessChanges.link.confirmCta}
        </button>
        <a className="btn btn--outline" href={backUrl}>
          {accessChanges.link.keepCta}
        </a>
      </form>
    </>
  );
}

/** The mailed link's button pressed: the refund decided, and what it gives back, as the step said it. */
function Started({ firstName, paid, bonus, cash }: Extract<AccessView, { state: 'started' }>) {
  return (
    <>
      <p className="eyebrow">{accessChanges.started.eyebrow}</p>
      <h1 className="page__title">{accessChanges.started.heading(firstName)}</h1>
      <p className="page__lead">{accessChanges.started.lead}</p>
      <RefundAmounts paid={paid} bonus={bonus} cash={cash} />
    </>
  );
}

/** After a cancellation, or the buyer's own refund: what happened, and how their money comes back. */
function Refunded({
  words,
  firstName,
  money,
}: {
  words: { eyebrow: string; heading: (name: string | null) => string; lead: string };
  firstName: string | null;
  money: MoneyBack;
}) {
  return (
    <>
      <p className="eyebrow">{words.eyebrow}</p>
      <h1 className="page__title">{words.heading(firstName)}</h1>
      <p className="page__lead">{words.lead}</p>
      <MoneyCard money={money} />
    </>
  );
}

/** A status of the personal link: its code, a heading, what to do, whom to write to. */
function Status({ code, words, contactEmail }: { code: number; words: { heading: string; text: string; contactLead: string }; contactEmail: string }) {
  return (
    <div className="status">
      <p className="status__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="page__title">{words.heading}</h1>
      <p className="page__lead">{words.text}</p>
      <Contact lead={words.contactLead} contactEmail={contactEmail} />
    </div>
  );
}

const STATUS = {
  ended: { code: 403, words: access.ended },
  not_found: { code: 404, words: access.notFound },
  unavailable: { code: 503, words: access.unavailable },
};

export function AccessPage({ view, contactEmail, footer }: { view: AccessView; contactEmail: string; footer: FooterProps }) {
  const status = view.state === 'ended' || view.state === 'not_found' || view.state === 'unavailable' ? STATUS[view.state] : null;
  const back =
    view.state === 'refund_closed'
      ? { code: 403, words: accessChanges.closed }
      : view.state === 'link_spent'
        ? { code: 410, words: accessChanges.linkSpent }
        : null;
  return (
    <>
      <SimpleHeader />
      <main id="contenido" className={status || back ? 'page page--status' : 'page'}>
        <div className="container container--narrow">
          {view.state === 'before' && <Before {...view} />}
          {view.state === 'after' && <After {...view} />}
          {view.state === 'confirm' && <Confirm {...view} />}
          {view.state === 'cancelled' && <Refunded words={accessChanges.cancelled} firstName={view.firstName} money={view.money} />}
          {view.state === 'withdrawn' && <Refunded words={accessChanges.withdrawn} firstName={view.firstName} money={view.money} />}
          {(view.state === 'mail_sent' || view.state === 'mail_limited') && <MailSent {...view} />}
          {view.state === 'link_confirm' && <LinkConfirm {...view} />}
          {view.state === 'started' && <Started {...view} />}
          {back && (view.state === 'refund_closed' || view.state === 'link_spent') && (
            <div className="status">
              <p className="status__code" aria-hidden="true">
                {back.code}
              </p>
              <h1 className="page__title">{back.words.heading}</h1>
              <p className="page__lead">{back.words.text}</p>
              <p>
                <a className="btn btn--primary" href={view.backUrl}>
                  {back.words.back}
                </a>
              </p>
            </div>
          )}
          {status && <Status code={status.code} words={status.words} contactEmail={contactEmail} />}
          {!status && <Contact lead={thanks.paid.contactLead} contactEmail={contactEmail} />}
          <BackHome label={access.backHome} />
        </div>
      </main>
      <Footer {...footer} />
    </>
  );
}
