/**
 * How often one purchase's confirmation link may be mailed from this instance (server/fulfilment/pages/refundAction.ts):
 * a few times an hour, so that whoever holds a personal link cannot fill its buyer's inbox from its refund step. Each
 * send takes a place first and gives it back if the mail did not go, so that two presses at once count twice and a
 * failed send costs nothing. Bounded: past `size` purchases the one first seen goes. In memory only, never logged.
 * Pure: the time is an argument.
 */
export interface RefundMailLimit {
  /** Whether the purchase has no send left this hour: answered before anything is asked of Stripe. */
  spent(sessionId: string, nowMs: number): boolean;
  /** Takes one of the purchase's sends of the last hour, if one is left. */
  take(sessionId: string, nowMs: number): boolean;
  /** Gives back the send taken at `atMs`: its mail did not go. */
  giveBack(sessionId: string, atMs: number): void;
}

const HOUR_MS = 60 * 60_000;

export function refundMailLimit(perHour: number, size: number): RefundMailLimit {
  const sends = new Map<string, number[]>();
  const recentOf = (sessionId: string, nowMs: number): number[] => (sends.get(sessionId) ?? []).filter((atMs) => nowMs - atMs < HOUR_MS);
  return {
    spent: (sessionId, nowMs) => recentOf(sessionId, nowMs).length >= perHour,
    take(sessionId, nowMs) {
      const recent = recentOf(sessionId, nowMs);
      if (recent.length >= perHour) {
        sends.set(sessionId, recent);
        return false;
      }
      sends.delete(sessionId);
      sends.set(sessionId, [...recent, nowMs]);
      // A Map keeps insertion order: the first key is the one least recently sent to.
      if (sends.size > size) sends.delete(sends.keys().next().value as string);
      return true;
    },
    giveBack(sessionId, atMs) {
      const recent = sends.get(sessionId);
      const at = recent?.indexOf(atMs) ?? -1;
      if (recent && at !== -1) recent.splice(at, 1);
    },
  };
}
