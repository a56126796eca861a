import { outage } from '../content/errorPageWords';
import { SimpleHeader } from './SimpleHeader';

/** What a shared cache shows while no instance answers: in Spanish, with the owner's address, and no offer. */
export function OutagePage({ contactEmail }: { contactEmail: string }) {
  return (
    <>
      <SimpleHeader />
      <main id="contenido" className="page page--status">
        <div className="container container--narrow status">
          <p className="status__code" aria-hidden="true">
            503
          </p>
          <h1 className="page__title">{outage.heading}</h1>
          <p className="page__lead">{outage.text}</p>
          <p>
            {outage.contactLead} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
          </p>
          <p>
            <a className="btn btn--primary" href="/">
              {outage.retryLink}
            </a>
          </p>
        </div>
      </main>
    </>
  );
}
