import { SimpleHeader } from './SimpleHeader';

interface StatusPageProps {
  code: number;
  heading: string;
  text?: string;
  homeLink: string;
}

/** The 404 and 500 pages: a heading, a way home, and nothing that echoes the request. */
export function StatusPage({ code, heading, text, homeLink }: StatusPageProps) {
  return (
    <>
      <SimpleHeader />
      <main id="contenido" className="page page--status">
        <div className="container container--narrow status">
          <p className="status__code" aria-hidden="true">
            {code}
          </p>
          {/* The brief's texts are English inside a Spanish page: marked, so screen readers pronounce them right. */}
          <h1 className="page__title" lang="en">
            {heading}
          </h1>
          {text && <p className="page__lead">{text}</p>}
          <p>
            <a className="btn btn--primary" href="/" lang="en">
              {homeLink}
            </a>
          </p>
        </div>
      </main>
    </>
  );
}
