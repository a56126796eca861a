import { Icon } from './Icon';

/** The way back to the landing page at the end of a page of its own (the prompt, the legal pages, /gracias). */
export function BackHome({ label }: { label: string }) {
  return (
    <p className="page__back">
      <a className="btn btn--outline" href="/">
        {label}
        <Icon name="arrow" />
      </a>
    </p>
  );
}
