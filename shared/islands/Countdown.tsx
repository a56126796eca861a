import { pricing } from '../content';
import type { CountdownParts } from '../logic/pricing';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

const pad = (value: number): string => String(value).padStart(2, '0');

/** role="timer" is not a live region (aria-live off), so screen readers are not interrupted every second. */
export function Countdown({ parts }: { parts: CountdownParts }) {
  return (
    <div className="countdown" role="timer" aria-label={pricing.countdownTitle}>
      <p className="countdown__title" aria-hidden="true">
        {pricing.countdownTitle}
      </p>
      <ol className="countdown__parts">
        {UNITS.map((unit) => (
          <li key={unit} className="countdown__part">
            <span className="countdown__value">{pad(parts[unit])}</span>{' '}
            <span className="countdown__unit">{pricing.countdownUnits[unit]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
