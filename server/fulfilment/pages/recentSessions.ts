/**
 * What the page last learnt about a few recent sessions, each for its own while: a buyer who reloads, or opens the
 * invite, costs no second read. Bounded: past `size` entries the oldest goes. In memory only, never logged.
 */
export interface RecentSessions<T> {
  get(sessionId: string, nowMs: number): T | undefined;
  remember(sessionId: string, value: T, nowMs: number, forMs: number): void;
  forget(sessionId: string): void;
}

export function recentSessions<T>(size: number): RecentSessions<T> {
  const entries = new Map<string, { value: T; untilMs: number }>();
  return {
    get(sessionId, nowMs) {
      const entry = entries.get(sessionId);
      if (entry && entry.untilMs > nowMs) return entry.value;
      if (entry) entries.delete(sessionId);
      return undefined;
    },
    remember(sessionId, value, nowMs, forMs) {
      entries.delete(sessionId);
      entries.set(sessionId, { value, untilMs: nowMs + forMs });
      // A Map keeps insertion order: the first key is the oldest.
      if (entries.size > size) entries.delete(entries.keys().next().value as string);
    },
    forget(sessionId) {
      entries.delete(sessionId);
    },
  };
}
