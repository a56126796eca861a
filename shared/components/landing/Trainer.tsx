import { trainer } from '../../content/landingPageWords';
import { Photo } from '../Photo';
import type { ResponsivePhoto } from '../responsivePhoto';
import { Section } from '../Section';

/** `name`: TRAINER_NAME, the section's title and the photo's subject. */
export function Trainer({ name, photo }: { name: string; photo: ResponsivePhoto }) {
  return (
    <Section id={trainer.id} eyebrow={trainer.eyebrow} title={name}>
      <div className="trainer">
        <Photo photo={photo} alt={photo.placeholder ? trainer.placeholderPhotoAlt : trainer.photoAlt(name)} className="trainer__portrait" />
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
