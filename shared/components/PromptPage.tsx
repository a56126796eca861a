import { promptPage } from '../content';
import { Footer, type FooterProps } from './Footer';
import { Icon } from './Icon';
import { Island } from './Island';
import { SimpleHeader } from './SimpleHeader';

export function PromptPage({ footer }: { footer: FooterProps }) {
  return (
    <>
      <SimpleHeader />
      <main id="contenido" className="page">
        <div className="container container--narrow">
          <p className="eyebrow">{promptPage.eyebrow}</p>
          <h1 className="page__title">{promptPage.heading}</h1>
          <p className="page__lead">{promptPage.lead}</p>
          <ol className="steps">
            {promptPage.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <Island name="prompt-copy" props={{ prompt: promptPage.prompt }} hydrate="idle" />
          <p className="page__back">
            <a className="btn btn--outline" href="/">
              {promptPage.backHome}
              <Icon name="arrow" />
            </a>
          </p>
        </div>
      </main>
      <Footer {...footer} />
    </>
  );
}
