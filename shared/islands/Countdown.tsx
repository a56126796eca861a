/**
 * The Early Bird's countdown, the site's one React island, from the server to its zero:
 * - its end and the instant it counts from: server/render/documents.tsx (`earlyBirdEndMs` of shared/logic/sale.ts, the
 *   snapshot's clock from server/render/snapshot.ts), as CountdownProps (shared/islands/types.ts);
 * - on the price card, shared/components/landing/PriceCard.tsx, through shared/components/Island.tsx, which renders it
 *   on the server and writes its props; named in shared/islands/registry.ts;
 * - woken by client/main.ts when client/strategies.ts says, hydrated by client/hydrate.tsx;
 * - counting with shared/logic/timeLeft.ts on the page's clock, shared/logic/pageClock.ts; at zero the card gives way
 *   to the next state's, client/saleSlots.ts;
 * - its words: `pricing.countdownTitle` and `countdownUnits` in shared/content/landingPageWords.ts; its look:
 *   `.countdown` in shared/styles/sections.css. docs/sale.md tells the whole.
 */
import { useEffect, useState } from 'react';
import { pricing } from '../content/landingPageWords';
import { countdownParts, untilNextTick } from '../logic/timeLeft';
import { browserClockSources, pageClock } from '../logic/pageClock';
import type { CountdownProps } from './types';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * The first frame is the server's instant, exactly what the HTML shows (no hydration mismatch). Then the
 * time is the server's instant plus the page's elapsed time (shared/logic/pageClock.ts), never the device's
 * clock, ticking on the end's own second boundaries and stopping at zero. At zero the card itself is
 * replaced by the next state's (client/saleSlots.ts, same clock).
 */
function usePageTime({ nowMs, aheadMs, endMs }: CountdownProps): number {
  const [now, setNow] = useState(nowMs);
  useEffect(() => {
    const clock = pageClock({ nowMs, aheadMs }, browserClockSources);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = (): void => {
      const current = clock();
      setNow(current);
      if (current < endMs) timer = setTimeout(tick, untilNextTick(current, endMs));
    };
    tick();
    return () => clearTimeout(timer);
  }, [nowMs, aheadMs, endMs]);
  return now;
}

/** role="timer" is not a live region (aria-live off), so screen readers are not interrupted every second. */
export default function Countdown(props: CountdownProps) {
  const parts = countdownParts(usePageTime(props), props.endMs);
  return (
    <div className="countdown" role="timer" aria-label={pricing.countdownTitle}>
      <p className="countdown__title" aria-hidden="true">
        {pricing.countdownTitle}
      </p>
      <ol className="countdown__parts">
        {UNITS.map((unit) => (
          <li key={unit} className="countdown__part">
            <span className="countdown__value">{pad(parts[unit])}</span> <span className="countdown__unit">{pricing.countdownUnits[unit]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
