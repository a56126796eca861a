import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import type { Background, Scheduler } from '../ops/scheduler';
import type { ChangeTry } from './linkChangeAtStripe';
import type { CountChange } from './linkChangeMetrics';
import type { LinkChange } from './linkChanges';

/** setTimeout's longest delay: a change months away is looked at again after this. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The setting each link's id comes from, for the line that says there is no such link. */
const SETTING = { early_bird: 'STRIPE_PAYMENT_LINK', normal: 'STRIPE_NORMAL_PAYMENT_LINK' } as const;
const LINK_NAME = { early_bird: "the Early Bird's Payment Link", normal: "the normal price's Payment Link" } as const;
const WHAT = { close: 'turned off', cards_only: 'set to take cards only' } as const;

export interface LinkKeeperOptions {
  /** Every change of this edition (server/checkout/linkChanges.ts). */
  changes: LinkChange[];
  /** One try at a change (server/checkout/linkChangeAtStripe.ts). */
  tryChange: (change: LinkChange, attempt: number) => Promise<ChangeTry>;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  /** How soon a change that could not be made is tried again: the spots' poll interval. */
  retryMs: number;
  count?: CountChange;
}

/**
 * Makes each change at its instant, on every instance (docs/sale.md, "The checkout follows the sale"): at start every
 * change already due, then a timer for the next. One turn at a time; a change not made is tried again every `retryMs`,
 * with one line when it first fails (an error for a refusal, which asks the owner to act) and none per retry. The
 * instance whose update Stripe carried out says so in one line; the others say nothing.
 */
export function startLinkKeeper({ changes, tryChange, clock, scheduler, logger, retryMs, count }: LinkKeeperOptions): Background {
  const pending = changes.map((change) => ({ change, attempt: 1, said: null as string | null }));
  let timer: unknown;
  let stopped = false;

  const report = (entry: (typeof pending)[number], result: ChangeTry): void => {
    const { link, kind, reason, id } = entry.change;
    const fields = {
      event: 'link_change',
      link: link.role,
      change: kind,
      reason,
      mark: id,
      outcome: result.outcome,
      ...(result.detail && { cause: result.detail }),
    };
    if (result.outcome === 'made') {
      logger.info(fields, `${LINK_NAME[link.role]} is ${WHAT[kind]}`);
      return;
    }
    const said = `${result.outcome} ${result.detail ?? ''}`;
    if (result.outcome === 'in_effect' || result.outcome === 'in_progress' || said === entry.said) return;
    entry.said = said;
    if (result.credentials)
      logger.error(fields, `the key may not update ${LINK_NAME[link.role]}: give it Payment Links: Write (docs/spots.md); tried again until it can`);
    else if (result.outcome === 'no_link')
      logger.error({ ...fields, setting: SETTING[link.role] }, `Stripe has no Payment Link with the id in ${SETTING[link.role]}`);
    else if (result.outcome === 'refused') logger.error(fields, `Stripe refused to update ${LINK_NAME[link.role]}: see the cause`);
    else logger.warn(fields, `${LINK_NAME[link.role]} could not be ${WHAT[kind]} yet: tried again`);
  };

  const schedule = (retry: boolean): void => {
    if (stopped) return;
    const now = clock();
    const next = pending.find((entry) => entry.change.atMs > now)?.change.atMs;
    const delay = Math.min(retry ? retryMs : Number.POSITIVE_INFINITY, next === undefined ? Number.POSITIVE_INFINITY : next - now);
    if (delay !== Number.POSITIVE_INFINITY) timer = scheduler.set(() => void turn(), Math.min(MAX_DELAY_MS, delay));
  };

  const turn = async (): Promise<void> => {
    let retry = false;
    const tried = new Set<(typeof pending)[number]>();
    // Each change due, once a turn: one that falls due while the turn waits on Stripe is taken in the same turn.
    for (;;) {
      const entry = pending.find((candidate) => candidate.change.atMs <= clock() && !tried.has(candidate));
      if (!entry || stopped) break;
      tried.add(entry);
      const result = await tryChange(entry.change, entry.attempt);
      count?.(entry.change.link.role, entry.change.kind, result.outcome);
      report(entry, result);
      if (result.outcome === 'made' || result.outcome === 'in_effect') pending.splice(pending.indexOf(entry), 1);
      else retry = true;
      if (result.keySpent) entry.attempt += 1;
    }
    schedule(retry);
  };

  void turn();
  return {
    stop() {
      stopped = true;
      scheduler.clear(timer);
    },
  };
}
