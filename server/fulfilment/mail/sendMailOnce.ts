import { randomBytes } from 'node:crypto';
import type { Clock } from '../../ops/clock';
import { CheckoutError, type CheckoutApi } from '../../stripe/checkoutApi';
import { MailError, type Mailer, type MailMessage } from './smtpMailer';
import { claimKey, claimToken, isOwnClaim, nextStep, rankOf } from '../records/mailMarks';
import { type MailKind, type Mark, type Metadata, type RecordChange, readRecord, writeRecord } from '../records/purchaseRecord';
import type { Purchase } from '../records/purchase';
import type { MailOutcome } from '../reports/fulfilmentOutcomes';

export interface MailResult {
  kind: MailKind;
  outcome: MailOutcome;
  /** A short cause for the log: never an address, a session id or a link. */
  detail?: string;
  /**
   * This call's claim lost to another instance that is ahead of this one in a wave: it ranks before this one, or it had
   * sent the mail already when this one, from an older listing, tried to claim it. That instance keeps the wave
   * (docs/decisions/0024-a-wave-within-stripes-limits.md).
   */
  ahead?: true;
  /** The mail server refused the site itself (server/fulfilment/mail/smtpRefusal.ts): the next mail would be refused too. */
  stopsSending?: true;
}

/**
 * What one send is about: `forMs`, the workshop's start its mail names, where the kind's moment moves with it (a mark
 * for another start does not count as this one's); `record`, more metadata its claim writes (the edition a
 * confirmation confirms, the recording a recording mail announces); `inWave`, the sweep asks, whose writes go in the
 * lane of a wave (server/stripe/pace.ts).
 */
export interface SendAbout {
  forMs?: number;
  record?: RecordChange[];
  inWave?: boolean;
  /**
   * What must be done once the claim is held, before the mail goes (the refund it tells of): the purchase as the mail is
   * to tell it, or null when it cannot be done now. Then the claim is released for the next turn and nothing is sent
   * (its result says `in_progress`: the caller, which knows why, says so).
   */
  first?: (purchase: Purchase) => Promise<Purchase | null>;
}

/** Sends one kind of mail to one purchase, at most once whatever the instances and retries (decision 0011); once per start for the kinds that name one. */
export type SendOnce = (purchase: Purchase, kind: MailKind, about?: SendAbout) => Promise<MailResult>;

export interface SendOnceOptions {
  checkout: CheckoutApi;
  /** The same calls, paced as the sweep's: its writes in the wave's lane. */
  waveCheckout?: CheckoutApi;
  mailer: Mailer;
  /** The mail, for the claim's attempt. */
  compose: (purchase: Purchase, kind: MailKind, nowMs: number, attempt: number) => MailMessage;
  clock: Clock;
  /** How long a claim keeps others off before it counts as abandoned: far longer than any send takes. */
  leaseMs?: number;
  /** This instance's rank among those sending a wave at once (server/fulfilment/records/mailMarks.ts). */
  rank: string;
  /** Waits on the site's clock between two tries of the `sent` mark; none: tried again at once. */
  wait?: (ms: number) => Promise<void>;
}

/** Ten minutes: a send is bounded by the SMTP timeouts to well under one, and the next sweep comes sooner. */
const CLAIM_LEASE_MS = 10 * 60_000;
/** A claim's key found spent with nothing carried out (a 500 Stripe stored under it) is passed over, this often at most per call. */
const SPENT_KEYS = 2;
/** Claims whose answer never came, remembered to recognise them as this instance's own: far more than are ever in flight. */
const UNSETTLED_CLAIMS = 1_000;
/**
 * The `sent` mark's tries, a pause doubling from a second between them: about a minute in all, well inside the lease,
 * since a mark never written would one day let a second mail go.
 */
const MARK_TRIES = 7;
const FIRST_MARK_PAUSE_MS = 1_000;

/** A claim won (and the session's metadata as Stripe then had it, for the marks that follow), or what came of losing it. */
type Claimed = { own: true; attempt: number; claim: string; metadata: Metadata } | { own: false; result: Omit<MailResult, 'kind'> };

function detailOf(error: unknown): string {
  if (error instanceof CheckoutError) return `stripe ${error.detail}`;
  if (error instanceof MailError) return `smtp ${error.detail}`;
  return 'unexpected failure';
}

/**
 * Claim at Stripe, send, mark. The claim is a compare-and-set through the Idempotency-Key (one per attempt), and its
 * own when Stripe's answer carries this claimant's token. Two claims can stall, and each recovers at the next turn:
 * - the claim was carried out but its answer lost (a reset, a timeout): its token is remembered, and the mark read
 *   next time carries it, so the claim is known for this instance's own and the mail goes;
 * - Stripe stored a failure (a 500) under the claim's key: any other claim under it is refused (`key_reused`), so the
 *   mark is read again, and when it holds no claim for that attempt, the key is spent and the next attempt is claimed.
 */
export function createSendOnce({
  checkout,
  mailer,
  compose,
  clock,
  leaseMs = CLAIM_LEASE_MS,
  rank,
  waveCheckout = checkout,
  wait = () => Promise.resolve(),
}: SendOnceOptions): SendOnce {
  const unsettled = new Set<string>();
  const remember = (claim: string): void => {
    unsettled.add(claim);
    if (unsettled.size > UNSETTLED_CLAIMS) unsettled.delete(unsettled.values().next().value as string);
  };
  /**
   * A claim of this instance's whose answer never came, still within its lease. Past the lease another instance may
   * have taken it over already: it is claimed afresh, as anyone's would be.
   */
  const ownUnsettled = (mark: Mark): boolean =>
    mark.status === 'sending' && mark.claim !== null && unsettled.has(mark.claim) && mark.atMs !== null && clock() - mark.atMs < leaseMs;
  /** A claim lost to `winner`'s: whether that claimant ranks before this instance. */
  const lost = (winner: Mark): Omit<MailResult, 'kind'> => {
    const other = rankOf(winner.claim);
    return other !== null && other < rank ? { outcome: 'in_progress', ahead: true } : { outcome: 'in_progress' };
  };

  const claim = async (calls: CheckoutApi, purchase: Purchase, kind: MailKind, mark: Mark, { forMs, record }: SendAbout): Promise<Claimed> => {
    if (ownUnsettled(mark) && mark.claim) return { own: true, attempt: mark.attempt, claim: mark.claim, metadata: purchase.metadata };
    const next = nextStep(mark, clock(), leaseMs, forMs);
    if (next.step === 'done') return { own: false, result: { outcome: 'already_sent' } };
    if (next.step === 'wait') return { own: false, result: { outcome: 'in_progress' } };
    for (let attempt = next.attempt, spent = 0; ; attempt += 1) {
      const token = claimToken(rank, randomBytes(9).toString('hex'));
      try {
        const answer = await writeRecord(
          calls,
          purchase,
          [...(record ?? []), { mark: kind, status: 'sending', attempt, claim: token, atMs: clock(), forMs: forMs ?? null }],
          claimKey(kind, purchase.sessionId, attempt),
        );
        if (isOwnClaim(answer.metadata, kind, attempt, token)) return { own: true, attempt, claim: token, metadata: answer.metadata ?? {} };
        return { own: false, result: lost(readRecord(answer.metadata).marks[kind]) };
      } catch (error) {
        if (!(error instanceof CheckoutError) || error.kind === 'unavailable' || error.kind === 'credentials') {
          // Perhaps carried out, its answer lost: the mark will tell, next time.
          remember(token);
          return { own: false, result: { outcome: 'stripe_unavailable', detail: detailOf(error) } };
        }
        if (error.kind === 'in_use') return { own: false, result: { outcome: 'in_progress', detail: detailOf(error) } };
        // key_reused: whoever used the key first, the mark says what came of it.
        let fresh: Mark;
        try {
          const session = await calls.session(purchase.sessionId);
          fresh = readRecord(session?.metadata).marks[kind];
        } catch (readError) {
          return { own: false, result: { outcome: 'stripe_unavailable', detail: detailOf(readError) } };
        }
        if (ownUnsettled(fresh) && fresh.claim) return { own: true, attempt: fresh.attempt, claim: fresh.claim, metadata: purchase.metadata };
        // Sent by another meanwhile: that instance is ahead of this one's listing.
        if (fresh.attempt >= attempt)
          return { own: false, result: nextStep(fresh, clock(), leaseMs, forMs).step === 'done' ? { outcome: 'already_sent', ahead: true } : lost(fresh) };
        if (spent >= SPENT_KEYS) return { own: false, result: { outcome: 'stripe_unavailable', detail: detailOf(error) } };
        spent += 1;
      }
    }
  };

  return async (purchase, kind, about = {}) => {
    const calls = about.inWave ? waveCheckout : checkout;
    const claimed = await claim(calls, purchase, kind, purchase.marks[kind], about);
    if (!claimed.own) return { kind, ...claimed.result };
    unsettled.delete(claimed.claim);
    const { attempt, claim: token, metadata } = claimed;
    const write = (status: 'sent' | 'failed' | 'undeliverable') =>
      writeRecord(calls, { sessionId: purchase.sessionId, metadata }, [
        { mark: kind, status, attempt, claim: token, atMs: clock(), forMs: about.forMs ?? null },
      ]);

    let told = purchase;
    if (about.first) {
      const ready = await about.first(purchase);
      if (!ready) {
        await write('failed').catch(() => undefined);
        return { kind, outcome: 'in_progress' };
      }
      told = ready;
    }
    try {
      await mailer(compose(told, kind, clock(), attempt));
    } catch (error) {
      const permanent = error instanceof MailError && error.permanent;
      // Released, so the next turn claims it at once; refused for good, so none does. Failing that, the lease frees it.
      await write(permanent ? 'undeliverable' : 'failed').catch(() => undefined);
      if (permanent) return { kind, outcome: 'undeliverable', detail: detailOf(error) };
      return { kind, outcome: 'mail_failed', detail: detailOf(error), ...(error instanceof MailError && error.refusesEveryone && { stopsSending: true }) };
    }

    // The mail is out: the mark is worth every try within the lease, since without it a second mail would one day go.
    for (let tried = 1; ; tried += 1) {
      try {
        await write('sent');
        return { kind, outcome: 'sent' };
      } catch (error) {
        if (tried === MARK_TRIES) return { kind, outcome: 'mark_failed', detail: detailOf(error) };
        await wait(FIRST_MARK_PAUSE_MS * 2 ** (tried - 1));
      }
    }
  };
}
