/**
 * The stand-in's answers, and Stripe's idempotency for every POST it carries out (docs.stripe.com/api/idempotent_requests),
 * shared by the Checkout Sessions' updates and the Payment Link's: the keys are the account's, so one used for a
 * session cannot be used for the link. The first request under a key is carried out and its answer saved, a 500
 * included; the same request again gets the saved answer with `Idempotent-Replayed: true`; other parameters under the
 * key get a 400 `idempotency_error`; a request while the first is still being carried out gets a 409
 * `idempotency_key_in_use`. Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';

/** An error as Stripe's API sends it, in the SDK's own terms: a drift from Stripe's shape fails tsc. */
export type StripeErrorBody = Required<Pick<Stripe.StripeRawError, 'type' | 'message'>> & Pick<Stripe.StripeRawError, 'code' | 'param'>;
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A fault of the next keyed request only: `stored_500` answers 500 without carrying it out and saves that answer under
 * the key, as Stripe does; `drop_answer` carries it out and saves the answer, then closes the connection before it.
 */
export type UpdateFault = 'stored_500' | 'drop_answer';

export const standInId = (prefix: string): string => `${prefix}${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({ status, body, headers });
export const stripeErrorAnswer = (status: number, body: StripeErrorBody): Answer => json(status, { error: body });
export const send = (res: ServerResponse, answer: Answer): void => {
  res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': standInId('req_'), ...answer.headers });
  res.end(JSON.stringify(answer.body));
};
export const missing = (kind: string, value: string): Answer =>
  stripeErrorAnswer(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'` });
export const unknownParameter = (): Answer =>
  stripeErrorAnswer(400, { type: 'invalid_request_error', code: 'parameter_unknown', message: 'Received unknown parameter.' });

export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** The fault a route's next request under a new key is to meet, once. */
export interface NextFault {
  set(fault: UpdateFault): void;
  take(): UpdateFault | null;
}

export function nextFault(): NextFault {
  let next: UpdateFault | null = null;
  return {
    set(fault) {
      next = fault;
    },
    take() {
      const taken = next;
      next = null;
      return taken;
    },
  };
}

export interface IdempotentPosts {
  /**
   * A POST's answer under Stripe's idempotency: `carryOut` (given the request's key, or null) runs only for the first
   * request under its key, or for any request without one; the first under a new key meets the route's `fault`.
   * `refusal`, asked first, is a request Stripe refuses before carrying it out (parameters it does not take, as the
   * object stands): nothing is saved under the key, which the same request may use again. 'drop': close without an answer.
   */
  post(
    req: IncomingMessage,
    body: string,
    carryOut: (idempotencyKey: string | null) => Promise<Answer>,
    fault: NextFault,
    refusal?: () => Answer | null,
  ): Promise<Answer | 'drop'>;
}

export function idempotentPosts(): IdempotentPosts {
  const keys = new Map<string, { request: string; answer: Answer | null }>();
  return {
    async post(req, body, carryOut, next, refusal = () => null) {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string') return refusal() ?? carryOut(null);
      const request = `${req.url} ${body}`;
      const saved = keys.get(key);
      if (saved?.answer === null) {
        return stripeErrorAnswer(409, {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message:
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
        });
      }
      if (saved && saved.request !== request) {
        return stripeErrorAnswer(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (saved?.answer) return { ...saved.answer, headers: { ...saved.answer.headers, 'Idempotent-Replayed': 'true' } };
      const refused = refusal();
      if (refused) return refused;
      const entry = { request, answer: null as Answer | null };
      keys.set(key, entry);
      const fault = next.take();
      entry.answer = fault === 'stored_500' ? stripeErrorAnswer(500, { type: 'api_error', message: 'An unknown error occurred' }) : await carryOut(key);
      if (fault === 'drop_answer') return 'drop';
      return { ...entry.answer, headers: { ...entry.answer.headers, 'Idempotency-Key': key } };
    },
  };
}

/** Sends a POST's answer, or closes the connection without one. */
export const answerPost = (res: ServerResponse, answer: Answer | 'drop'): void => {
  if (answer === 'drop') res.socket?.destroy();
  else send(res, answer);
};
