/**
 * Stripe's metadata limits (docs.stripe.com/metadata: 50 keys an object, keys of 40 characters, values of 500), as the
 * Stripe stand-in enforces them, through the real SDK: a write past any of them is refused with Stripe's own 400 and
 * message, on a Checkout Session, a Payment Link and a refund alike, and nothing of it is written; a key set to "" frees
 * its place, as Stripe deletes it.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/lib/stripeStandIn';
import { stripeClient } from '../../server/stripe/client';

const KEY = 'rk_test_51MetadataLimitsKey0123456789';
const LINK = 'plink_1MetadataLimits';

let standIn: StripeStandIn;
beforeEach(async () => {
  standIn = await startStripeStandIn({ key: KEY, linkId: LINK });
});
afterEach(async () => {
  await standIn.close();
});

const client = () => stripeClient({ secretKey: KEY, apiUrl: new URL(standIn.url), deadlineMs: 5_000 });
const keys = (count: number, from = 0): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, n) => [`clave_${n + from}`, `valor ${n + from}`]));

/** How Stripe answered, as the SDK reads it: its error's class, status, type and message. */
async function refusal(call: Promise<unknown>): Promise<{ name: string; status?: number; type?: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    return { name: error.constructor.name, status: error.statusCode, type: (error.raw as { type?: string } | undefined)?.type, message: error.message };
  }
  throw new Error('Stripe took the write');
}

describe("Stripe's metadata limits at the stand-in", () => {
  it('a Checkout Session takes 50 keys, and refuses the 51st as Stripe does, writing nothing; a key set to "" frees its place', async () => {
    const sessionId = standIn.checkout.createSession('paid', { metadata: keys(40) });
    const stripe = client();
    await stripe.checkout.sessions.update(sessionId, { metadata: keys(10, 40) });
    expect(Object.keys(standIn.checkout.metadataOf(sessionId))).toHaveLength(50);

    expect(await refusal(stripe.checkout.sessions.update(sessionId, { metadata: { taller_nueva: 'x' } }))).toEqual({
      name: 'StripeInvalidRequestError',
      status: 400,
      type: 'invalid_request_error',
      message: "Metadata can have up to 50 keys, but you've set 51. Email us at support+metadata@stripe.com for more information.",
    });
    expect(standIn.checkout.metadataOf(sessionId)).not.toHaveProperty('taller_nueva');

    await stripe.checkout.sessions.update(sessionId, { metadata: { clave_0: '', taller_nueva: 'x' } });
    expect(Object.keys(standIn.checkout.metadataOf(sessionId))).toHaveLength(50);
    expect(standIn.checkout.metadataOf(sessionId)).toHaveProperty('taller_nueva', 'x');
  });

  it('refuses a key of 41 characters and a value of 501, naming them as Stripe does', async () => {
    const sessionId = standIn.checkout.createSession('paid');
    const stripe = client();
    const longKey = `taller_${'k'.repeat(34)}`;
    await stripe.checkout.sessions.update(sessionId, { metadata: { [longKey.slice(1)]: 'x', taller_valor: 'v'.repeat(500) } });

    expect(await refusal(stripe.checkout.sessions.update(sessionId, { metadata: { [longKey]: 'x' } }))).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      message: `Metadata keys can have up to 40 characters, but you passed in a key that is 41 characters. Invalid key: ${longKey}`,
    });
    expect(await refusal(stripe.checkout.sessions.update(sessionId, { metadata: { taller_valor: 'v'.repeat(501) } }))).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      message: `Metadata values can have up to 500 characters, but you passed in a value that is 501 characters. Invalid value: ${'v'.repeat(501)}`,
    });
    expect(standIn.checkout.metadataOf(sessionId)).toEqual({ [longKey.slice(1)]: 'x', taller_valor: 'v'.repeat(500) });
  });

  it('a refused write under an Idempotency-Key leaves the key unspent, as a request Stripe never carried out', async () => {
    const sessionId = standIn.checkout.createSession('paid', { metadata: keys(50) });
    const stripe = client();
    const write = () => stripe.checkout.sessions.update(sessionId, { metadata: { taller_nueva: 'x' } }, { idempotencyKey: 'clave-una-vez' });
    expect((await refusal(write())).status).toBe(400);
    await stripe.checkout.sessions.update(sessionId, { metadata: { clave_0: '' } });
    await write();
    expect(standIn.checkout.metadataOf(sessionId)).toHaveProperty('taller_nueva', 'x');
  });

  it('a Payment Link and a refund are held to the same limits', async () => {
    standIn.setMetadata(keys(50));
    const stripe = client();
    expect(await refusal(stripe.paymentLinks.update(LINK, { metadata: { taller_nueva: 'x' } }, { idempotencyKey: 'link-1' }))).toMatchObject({
      status: 400,
      message: "Metadata can have up to 50 keys, but you've set 51. Email us at support+metadata@stripe.com for more information.",
    });
    expect(standIn.linkUpdates).toEqual([]);

    const sessionId = standIn.checkout.createSession('paid');
    const intent = standIn.checkout.paymentIntentOf(sessionId)?.id ?? '';
    expect(await refusal(stripe.refunds.create({ payment_intent: intent, metadata: keys(51) }, { idempotencyKey: 'refund-1' }))).toMatchObject({
      status: 400,
      message: "Metadata can have up to 50 keys, but you've set 51. Email us at support+metadata@stripe.com for more information.",
    });
    expect(standIn.checkout.refunds.refunds).toEqual([]);
  });
});
