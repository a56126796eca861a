import { type Block, type LegalText, legalPage } from '../content/legalTexts';
import { calendarDateLabel } from '../logic/schedule';
import { Footer, type FooterProps } from './Footer';
import { InlineText } from './InlineText';
import { SimpleHeader } from './SimpleHeader';
import { BackHome } from './BackHome';

function LegalBlock({ block }: { block: Block }) {
  if (Array.isArray(block)) {
    return (
      <p>
        <InlineText parts={block} />
      </p>
    );
  }
  return (
    <ul className="legal__list">
      {block.list.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's items, never reordered
        <li key={index}>
          <InlineText parts={item} />
        </li>
      ))}
    </ul>
  );
}

/** The terms, the refund policy and the privacy notice: a text from shared/content/legalTexts.ts, with its date, and no script. */
export function LegalPage({ text, footer }: { text: LegalText; footer: FooterProps }) {
  return (
    <>
      <SimpleHeader />
      <main id="contenido" className="page">
        <article className="container container--narrow legal">
          <h1 className="page__title">{text.heading}</h1>
          <p className="legal__updated">
            {legalPage.updatedLabel} <time dateTime={text.updated}>{calendarDateLabel(text.updated)}</time>
          </p>
          <p className="page__lead">
            <InlineText parts={text.lead} />
          </p>
          {text.sections.map((section) => (
            <section key={section.heading} className="legal__section">
              <h2 className="legal__heading">{section.heading}</h2>
              {section.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's blocks, never reordered
                <LegalBlock key={index} block={block} />
              ))}
            </section>
          ))}
          <BackHome label={legalPage.backHome} />
        </article>
      </main>
      <Footer {...footer} />
    </>
  );
}
