import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  eyebrow: string;
  /** Text, or a SaleSlot where the title changes with the sale. */
  title: ReactNode;
  tone?: 'plain' | 'tinted' | 'dark';
  children: ReactNode;
}

/** The frame every landing section shares: an anchor target, an eyebrow and an h2. */
export function Section({ id, eyebrow, title, tone = 'plain', children }: SectionProps) {
  const headingId = `${id}-titulo`;
  return (
    <section id={id} className={`section section--${tone} layout-later`} aria-labelledby={headingId}>
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={headingId} className="section__title">
            {title}
          </h2>
        </header>
        {children}
      </div>
    </section>
  );
}
