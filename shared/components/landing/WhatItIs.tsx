import { whatItIs } from '../../content/landingPageWords';
import { Icon } from '../Icon';
import { Section } from '../Section';

export function WhatItIs() {
  return (
    <Section id={whatItIs.id} eyebrow={whatItIs.eyebrow} title={whatItIs.title}>
      <div className="prose">
        {whatItIs.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <ul className="card-grid card-grid--3">
        {whatItIs.highlights.map((item) => (
          <li key={item.title} className="card card--feature">
            <Icon name="sparkle" className="icon icon--accent" />
            <h3 className="card__title">{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
