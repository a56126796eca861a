import { promptPage } from '../content/promptPageWords';
import { Footer, type FooterProps } from './Footer';
import { PromptCopy } from './PromptCopy';
import { SimpleHeader } from './SimpleHeader';
import { BackHome } from './BackHome';

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
          <PromptCopy prompt={promptPage.prompt} />
          <BackHome label={promptPage.backHome} />
        </div>
      </main>
      <Footer {...footer} />
    </>
  );
}
