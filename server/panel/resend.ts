import { randomBytes } from 'node:crypto';
import type { Clock } from '../ops/clock';
import type { Logger } from '../ops/logger';
import { CheckoutError, type CheckoutApi } from '../stripe/checkoutApi';
import type { Mailer, MailMessage } from '../fulfilment/mail/smtpMailer';
import { hasAccess, type LinkRoles, type Purchase, purchaseOf } from '../fulfilment/records/purchase';
import { type RecordChange, readRecord, writeRecord } from '../fulfilment/records/purchaseRecord';
import { isSessionId } from '../fulfilment/records/sessionId';

/**
 * A buyer's confirmation sent again from the panel, once per press whatever the instances: the press's id (one per page
 * view) and the purchase name an Idempotency-Key, under which the purchase's record (server/fulfilment/records/
 * purchaseRecord.ts, one key: `taller_resend`) says `sending` with a claim of this press's own; the mail goes only when
 * Stripe's answer carries that claim (server/panel/onceAtStripe.ts's pattern), then the record says `sent` and when.
 */
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
  const unsettled = new Map<string, RecordChange>();
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
    // A claim whose answer was lost goes again as it was, so that Stripe replays its answer rather than refuse it.
    const claim = unsettled.get(key) ?? { resend: 'sending', atMs: clock(), claim: randomBytes(12).toString('base64url') };
    const own = 'resend' in claim ? claim.claim : '';
    let marked: { sessionId: string; metadata: Record<string, string> };
    try {
      const answer = await writeRecord(checkout, purchase, [claim], key);
      unsettled.delete(key);
      if (readRecord(answer.metadata).resend?.claim !== own) return done('already', purchase);
      marked = { sessionId: purchase.sessionId, metadata: answer.metadata ?? {} };
    } catch (error) {
      if (error instanceof CheckoutError && (error.kind === 'key_reused' || error.kind === 'in_use')) return done('already', purchase);
      unsettled.set(key, claim);
      if (unsettled.size > UNSETTLED) unsettled.delete(unsettled.keys().next().value as string);
      return done('unavailable', purchase);
    }
    try {
      await mailer(confirmation(purchase, clock()));
    } catch {
      await writeRecord(checkout, marked, [{ resend: 'failed', atMs: clock(), claim: own }]).catch(() => undefined);
      return done('mail_failed', purchase);
    }
    await writeRecord(checkout, marked, [{ resend: 'sent', atMs: clock(), claim: own }]).catch(() => undefined);
    return done('sent', purchase);
  };
}
