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
const WHAT = {
  close: 'turned off',
  cards_only: 'set to take cards only',
  reopen: 'turned on again: what closed it no longer holds',
  restore: 'given back its payment methods: vouchers arrive in time again',
} as const;

/** The changes of the sale in force, and the version of the settings they were made from. */
interface LinkPlan {
  version: string;
  changes: LinkChange[];
}

export interface LinkKeeperOptions {
  /** Every change of the sale in force at an instant (server/checkout/linkChanges.ts). */
  plan: (nowMs: number) => LinkPlan;
  /** One try at a change (server/checkout/linkChangeAtStripe.ts). */
  tryChange: (change: LinkChange, attempt: number) => Promise<ChangeTry>;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  /** How soon a change that could not be made is tried again, and the sale's settings looked at again: the spots' poll interval. */
  retryMs: number;
  count?: CountChange;
}

type Entry = { change: LinkChange; attempt: number; said: string | null };
const entryKey = ({ link, kind, id }: LinkChange): string => `${link.paymentLink} ${kind} ${id}`;

/**
 * Makes each change at its instant, on every instance (docs/sale.md, "The checkout follows the sale"): at start every
 * change already due, then a timer for the next, and a look every `retryMs` at the sale's settings, whose change (a new
 * date, a switch, a new edition) is a new plan at once. One turn at a time; a change not made is tried again every
 * `retryMs`, with one line when it first fails (an error for a refusal, which asks the owner to act) and none per retry.
 * The instance whose update Stripe carried out says so in one line; the others say nothing.
 */
export function startLinkKeeper({ plan, tryChange, clock, scheduler, logger, retryMs, count }: LinkKeeperOptions): Background {
  let pending: Entry[] = [];
  let version: string | null = null;
  let timer: unknown;
  let stopped = false;
  /** The plan of the settings in force, each change still to make keeping its attempts and what was said of it. */
  const replan = (): void => {
    const now = clock();
    const planned = plan(now);
    if (planned.version === version) return;
    version = planned.version;
    const known = new Map(pending.map((entry) => [entryKey(entry.change), entry]));
    pending = planned.changes.map((change) => known.get(entryKey(change)) ?? { change, attempt: 1, said: null });
  };

  const report = (entry: Entry, result: ChangeTry): void => {
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

  const schedule = (): void => {
    if (stopped) return;
    const now = clock();
    const next = pending.find((entry) => entry.change.atMs > now)?.change.atMs;
    const delay = Math.min(retryMs, next === undefined ? Number.POSITIVE_INFINITY : next - now);
    timer = scheduler.set(() => void turn(), Math.min(MAX_DELAY_MS, delay));
  };

  const turn = async (): Promise<void> => {
    replan();
    const tried = new Set<Entry>();
    // Each change due, once a turn: one that falls due while the turn waits on Stripe is taken in the same turn.
    for (;;) {
      const entry = pending.find((candidate) => candidate.change.atMs <= clock() && !tried.has(candidate));
      if (!entry || stopped) break;
      tried.add(entry);
      const result = await tryChange(entry.change, entry.attempt);
      count?.(entry.change.link.role, entry.change.kind, result.outcome);
      report(entry, result);
      if (result.outcome === 'made' || result.outcome === 'in_effect') pending.splice(pending.indexOf(entry), 1);
      if (result.keySpent) entry.attempt += 1;
    }
    schedule();
  };

  void turn();
  return {
    stop() {
      stopped = true;
      scheduler.clear(timer);
    },
  };
}
