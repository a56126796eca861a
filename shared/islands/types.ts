/**
 * The islands' props and how they wake, shared by server and client. Every prop is shipped to the browser as
 * JSON, so props are small and serialisable: instants travel as epoch milliseconds. The islands themselves are
 * listed in registry.ts.
 */
import type { ServerInstant } from '../logic/pageClock';

/** Only the Early Bird card has a countdown: what it counts to, and the server's instant to count from. */
export interface CountdownProps extends ServerInstant {
  /** When the Early Bird offer ends (its deadline, or the start if that comes first). */
  endMs: number;
}

/** When the client wakes an island, once the visitor pauses: after the first paint, or when it nears the viewport. */
export type HydrationStrategy = 'idle' | 'visible';
