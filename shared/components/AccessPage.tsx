import { access, confirmation, journeyMails, samplePurchase, thanks } from '../content';
import { BackHome } from './BackHome';
import { Footer, type FooterProps } from './Footer';
import { Contact, PrepareCard, WhenCard } from './BuyerCards';
import { Icon } from './Icon';
import type { MailFacts } from './mail/MailFrame';
import { SimpleHeader } from './SimpleHeader';

type MaterialName = keyof typeof access.after.materials;

/**
 * The buyer's personal link in each state it can show (during the workshop it shows nothing: it leads into the
 * meeting). Never the meeting's own link: only the redirect carries it.
 */
export type AccessView =
  /** `sample`: the made-up buyer's page `npm run preflight` mails the owner, marked as such. */
  | { state: 'before'; facts: MailFacts; opensLabel: string; googleCalendarUrl: string; icsUrl: string; sample: boolean }
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

/** Before it opens: when, in the buyer's cities, when the link opens, the calendar, what to prepare. */
function Before({ facts, opensLabel, googleCalendarUrl, icsUrl, sample }: Extract<AccessView, { state: 'before' }>) {
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
      <p className="thanks__hint">{journeyMails.personalNote}</p>
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
  return (
    <>
      <SimpleHeader />
      <main id="contenido" className={status ? 'page page--status' : 'page'}>
        <div className="container container--narrow">
          {view.state === 'before' && <Before {...view} />}
          {view.state === 'after' && <After {...view} />}
          {status && <Status code={status.code} words={status.words} contactEmail={contactEmail} />}
          {!status && <Contact lead={thanks.paid.contactLead} contactEmail={contactEmail} />}
          <BackHome label={access.backHome} />
        </div>
      </main>
      <Footer {...footer} />
    </>
  );
}
