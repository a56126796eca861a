import { nav } from '../content/siteFacts';

/** The top bar of the pages other than the landing page: the brand, back to home. */
export function SimpleHeader() {
  return (
    <header className="topbar topbar--static">
      <div className="container topbar__inner">
        <a className="topbar__brand" href="/">
          {nav.brand}
        </a>
      </div>
    </header>
  );
}
