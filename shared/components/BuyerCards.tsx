import { confirmation } from '../content/confirmationMailWords';
import { Icon } from './Icon';
import type { MailFacts } from './mail/MailFrame';

/** Whom to write to, as a buyer's pages say it. */
export function Contact({ lead, contactEmail }: { lead: string; contactEmail: string }) {
  return (
    <p>
      {lead} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
    </p>
  );
}

/** When: the date and time, then the same instant in each city. */
export function WhenCard({ facts }: { facts: Pick<MailFacts, 'whenLabel' | 'cityTimes'> }) {
  return (
    <section className="card thanks__block" aria-labelledby="cuando">
      <h2 id="cuando" className="thanks__title">
        {confirmation.whenTitle}
      </h2>
      <p className="thanks__when">{facts.whenLabel}</p>
      <h3 className="thanks__subtitle">{confirmation.citiesTitle}</h3>
      <ul className="thanks__cities">
        {facts.cityTimes.map((entry) => (
          <li key={entry.city}>
            <span className="thanks__city">{entry.city}</span> <span>{entry.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What to have ready for the workshop. */
export function PrepareCard() {
  return (
    <section className="card thanks__block" aria-labelledby="preparar">
      <h2 id="preparar" className="thanks__title">
        {confirmation.prepareTitle}
      </h2>
      <ul className="checklist">
        {confirmation.prepare.map((item) => (
          <li key={item}>
            <Icon name="check" className="icon icon--yes" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
