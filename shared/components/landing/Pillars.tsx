import { pillars } from '../../content/landingPageWords';
import { Section } from '../Section';

/** The 'Ver temario completo' buttons do nothing, as the spec says: the full syllabus is not published yet. */
export function Pillars() {
  return (
    <Section id={pillars.id} eyebrow={pillars.eyebrow} title={pillars.title} tone="tinted">
      <ol className="card-grid card-grid--3 pillars">
        {pillars.items.map((pillar) => (
          <li key={pillar.number} className="card pillar">
            <p className="pillar__number" aria-hidden="true">
              {pillar.number}
            </p>
            <h3 className="card__title">{pillar.title}</h3>
            <p>{pillar.text}</p>
            <ul className="pillar__points">
              {pillar.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <button type="button" className="btn btn--ghost pillar__more">
              {pillars.moreLabel}
            </button>
          </li>
        ))}
      </ol>
    </Section>
  );
}
