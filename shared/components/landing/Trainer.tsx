import { trainer } from '../../content';
import { Section } from '../Section';

export function Trainer() {
  return (
    <Section id={trainer.id} eyebrow={trainer.eyebrow} title={trainer.name}>
      <div className="trainer">
        <div className="trainer__portrait" aria-hidden="true">
          <span>{trainer.initials}</span>
        </div>
        <div className="trainer__bio">
          <p className="trainer__role">{trainer.role}</p>
          {trainer.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <ul className="stats">
        {trainer.stats.map((stat) => (
          <li key={stat.label} className="stats__item">
            <span className="stats__value">{stat.value}</span> <span className="stats__label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
