import { randomBytes } from 'node:crypto';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import { CheckoutError, type CheckoutApi } from '../stripe/checkoutApi';
import type { Mailer, MailMessage } from '../fulfilment/mail/smtpMailer';
import { hasAccess, type LinkRoles, type Purchase, purchaseOf } from '../fulfilment/records/purchase';
import { isSessionId } from '../fulfilment/records/sessionId';

/**
 * A buyer's confirmation sent again from the panel, once per press whatever the instances: the press's id (one per page
 * view) and the purchase name an Idempotency-Key, under which the buyer's Checkout Session is marked `sending` with a
 * token of this claim's own (server/panel/onceAtStripe.ts's pattern); the mail goes only when Stripe's answer carries
 * it, then the mark says `sent` and when. Three keys on the session, beside the fulfilment's marks.
 */
const MARK = { status: 'taller_resend', claim: 'taller_resend_claim', at: 'taller_resend_at' } as const;

/** When the confirmation was last sent again from the panel; null: never. */
export function resentAtMs(metadata: Record<string, string> | null | undefined): number | null {
  const at = Date.parse(metadata?.[MARK.at] ?? '');
  return metadata?.[MARK.status] === 'sent' && !Number.isNaN(at) ? at : null;
}

export type ResendOutcome = 'sent' | 'already' | 'no_access' | 'not_found' | 'unavailable' | 'mail_failed';

export type Resend = (sessionId: string, press: string) => Promise<{ outcome: ResendOutcome; purchase?: Purchase }>;

const PRESS = /^[A-Za-z0-9_-]{8,64}$/;
/** Claims whose answer never came, remembered to send again with the same token: far more than are ever in flight. */
const UNSETTLED = 200;

export function createResend({
  checkout,
  roles,
  confirmation,
  mailer,
  clock,
  logger,
}: {
  /** The panel's view of Stripe: the session read fresh (never the sweep's copy), then marked. */
  checkout: CheckoutApi;
  /** The links the edition in force sold through: a session of another is none of its buyers'. */
  roles: () => LinkRoles;
  confirmation: (purchase: Purchase, nowMs: number) => MailMessage;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}): Resend {
  const unsettled = new Map<string, Record<string, string>>();
  const done = (outcome: ResendOutcome, purchase?: Purchase) => {
    logger[outcome === 'sent' || outcome === 'already' ? 'info' : 'warn']({ event: 'panel_resend', outcome }, 'the owner sent a confirmation again');
    return { outcome, ...(purchase && { purchase }) };
  };
  return async (sessionId, press) => {
    if (!isSessionId(sessionId)) return done('not_found');
    let purchase: Purchase | null;
    try {
      const session = await checkout.session(sessionId);
      purchase = session && purchaseOf(session, roles());
    } catch {
      return done('unavailable');
    }
    if (!purchase) return done('not_found');
    if (!hasAccess(purchase.standing)) return done('no_access', purchase);
    // A press names the page it came from: a form without one is not the panel's.
    if (!PRESS.test(press)) return done('not_found', purchase);
    const key = `taller-panel-reenvio-${sessionId}-${press}`;
    const at = () => new Date(clock()).toISOString();
    // A claim whose answer was lost goes again as it was, so that Stripe replays its answer rather than refuse it.
    const claim = unsettled.get(key) ?? { [MARK.status]: 'sending', [MARK.claim]: randomBytes(12).toString('base64url'), [MARK.at]: at() };
    try {
      const answer = await checkout.mark(sessionId, claim, key);
      unsettled.delete(key);
      if (answer.metadata?.[MARK.claim] !== claim[MARK.claim]) return done('already', purchase);
    } catch (error) {
      if (error instanceof CheckoutError && (error.kind === 'key_reused' || error.kind === 'in_use')) return done('already', purchase);
      unsettled.set(key, claim);
      if (unsettled.size > UNSETTLED) unsettled.delete(unsettled.keys().next().value as string);
      return done('unavailable', purchase);
    }
    try {
      await mailer(confirmation(purchase, clock()));
    } catch {
      await checkout.mark(sessionId, { [MARK.status]: 'failed', [MARK.at]: at() }).catch(() => undefined);
      return done('mail_failed', purchase);
    }
    await checkout.mark(sessionId, { [MARK.status]: 'sent', [MARK.at]: at() }).catch(() => undefined);
    return done('sent', purchase);
  };
}
