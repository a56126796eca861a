import { access } from '../content/accessPageWords';
import { confirmation } from '../content/confirmationMailWords';
import { thanks } from '../content/thanksPageWords';
import { type MoneyBack, moneyBackLines } from './mail/MoneyBack';
import { Footer, type FooterProps } from './Footer';
import { Contact, PrepareCard, WhenCard } from './BuyerCards';
import { Icon } from './Icon';
import type { MailFacts } from './mail/MailFrame';
import { SimpleHeader } from './SimpleHeader';
import { BackHome } from './BackHome';

/**
 * The page after the checkout, in each state Stripe can report: only a paid purchase shows the buyer's personal link;
 * `pending`: a voucher or transfer to pay; `expired`: one that expired unpaid; `late`: paid once the workshop had ended,
 * refunded by the site; `cancelled`: the owner cancelled the workshop (how the money comes back; null for a voucher not
 * paid); `ended`: refunded in full, or disputed.
 */
export type ThanksView =
  | { state: 'paid'; facts: MailFacts; googleCalendarUrl: string; icsUrl: string }
  | { state: 'pending' }
  | { state: 'expired' }
  | { state: 'late' }
  | { state: 'cancelled'; money: MoneyBack | null }
  | { state: 'ended' }
  | { state: 'not_found' }
  | { state: 'unavailable' };

/** The confirmation as the mail gives it: when, the personal link, the invite, what to prepare, whom to ask. */
function Paid({ facts, googleCalendarUrl, icsUrl }: { facts: MailFacts; googleCalendarUrl: string; icsUrl: string }) {
  return (
    <>
      <p className="eyebrow">{thanks.paid.eyebrow}</p>
      <h1 className="page__title">{thanks.paid.heading(facts.firstName)}</h1>
      <p className="page__lead">{confirmation.lead}</p>
      <WhenCard facts={facts} />
      <section className="card thanks__block" aria-labelledby="entrar">
        <h2 id="entrar" className="thanks__title">
          {confirmation.joinTitle}
        </h2>
        <p>{confirmation.joinText}</p>
        <p>
          <a className="btn btn--primary" href={facts.accessUrl}>
            <Icon name="video" />
            {confirmation.joinCta}
          </a>
        </p>
        <p className="thanks__link">{facts.accessUrl}</p>
        <p className="thanks__hint">{confirmation.personalNote}</p>
      </section>
      <section className="card thanks__block" aria-labelledby="calendario">
        <h2 id="calendario" className="thanks__title">
          {confirmation.calendarTitle}
        </h2>
        <p>
          <a className="btn btn--outline" href={googleCalendarUrl} target="_blank" rel="noopener noreferrer">
            <Icon name="calendar" />
            {thanks.paid.googleCalendarCta}
          </a>
        </p>
        <p className="thanks__hint">{thanks.paid.googleCalendarHint}</p>
        <p>
          <a href={icsUrl} download={confirmation.icsFileName}>
            {thanks.paid.icsCta}
          </a>
        </p>
      </section>
      <section className="card thanks__block" aria-labelledby="sigue">
        <h2 id="sigue" className="thanks__title">
          {confirmation.nextTitle}
        </h2>
        <ul className="checklist">
          {confirmation.next.map((item) => (
            <li key={item}>
              <Icon name="mail" className="icon icon--yes" />
              {item}
            </li>
          ))}
        </ul>
      </section>
      <PrepareCard />
      <p>{thanks.paid.mailNote}</p>
      <Contact lead={thanks.paid.contactLead} contactEmail={facts.contactEmail} />
    </>
  );
}

/** A status page of the thanks route: its code, a heading, what to do, whom to write to. */
function Status({
  code,
  heading,
  text,
  contactLead,
  contactEmail,
}: {
  code: number;
  heading: string;
  text: string;
  contactLead: string;
  contactEmail: string;
}) {
  return (
    <div className="status">
      <p className="status__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="page__title">{heading}</h1>
      <p className="page__lead">{text}</p>
      <Contact lead={contactLead} contactEmail={contactEmail} />
    </div>
  );
}

export function ThanksPage({ view, contactEmail, footer }: { view: ThanksView; contactEmail: string; footer: FooterProps }) {
  const status = view.state === 'not_found' || view.state === 'unavailable' || view.state === 'ended';
  return (
    <>
      <SimpleHeader />
      <main id="contenido" className={status ? 'page page--status' : 'page'}>
        <div className="container container--narrow">
          {view.state === 'paid' && <Paid facts={view.facts} googleCalendarUrl={view.googleCalendarUrl} icsUrl={view.icsUrl} />}
          {view.state === 'pending' && (
            <>
              <p className="eyebrow">{thanks.pending.eyebrow}</p>
              <h1 className="page__title">{thanks.pending.heading}</h1>
              <p className="page__lead">{thanks.pending.lead}</p>
              <ol className="steps thanks__steps">
                {thanks.pending.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <Contact lead={thanks.pending.help} contactEmail={contactEmail} />
            </>
          )}
          {view.state === 'late' && (
            <>
              <p className="eyebrow">{thanks.late.eyebrow}</p>
              <h1 className="page__title">{thanks.late.heading}</h1>
              <p className="page__lead">{thanks.late.lead}</p>
              <p>{thanks.late.text}</p>
              <Contact lead={thanks.late.help} contactEmail={contactEmail} />
            </>
          )}
          {view.state === 'cancelled' && (
            <>
              <p className="eyebrow">{thanks.cancelled.eyebrow}</p>
              <h1 className="page__title">{thanks.cancelled.heading}</h1>
              <p className="page__lead">{thanks.cancelled.lead}</p>
              {view.money ? (
                <>
                  {view.money.state !== 'none' && <p>{thanks.cancelled.paid}</p>}
                  {moneyBackLines(view.money, 'page').map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                </>
              ) : (
                <p>{thanks.cancelled.unpaid}</p>
              )}
              <Contact lead={thanks.cancelled.help} contactEmail={contactEmail} />
            </>
          )}
          {view.state === 'expired' && (
            <>
              <p className="eyebrow">{thanks.expired.eyebrow}</p>
              <h1 className="page__title">{thanks.expired.heading}</h1>
              <p className="page__lead">{thanks.expired.lead}</p>
              <p>{thanks.expired.text}</p>
              <Contact lead={thanks.expired.help} contactEmail={contactEmail} />
            </>
          )}
          {view.state === 'not_found' && (
            <Status
              code={404}
              heading={thanks.notFound.heading}
              text={thanks.notFound.text}
              contactLead={thanks.notFound.contactLead}
              contactEmail={contactEmail}
            />
          )}
          {view.state === 'ended' && (
            <Status code={403} heading={access.ended.heading} text={access.ended.text} contactLead={access.ended.contactLead} contactEmail={contactEmail} />
          )}
          {view.state === 'unavailable' && (
            <Status
              code={503}
              heading={thanks.unavailable.heading}
              text={thanks.unavailable.text}
              contactLead={thanks.unavailable.contactLead}
              contactEmail={contactEmail}
            />
          )}
          <BackHome label={thanks.backHome} />
        </div>
      </main>
      <Footer {...footer} />
    </>
  );
}
