// The rehearsal's visitors, each response recorded: when it was sent and answered, its status, the sale
// state its body shows (or, for a 304, the state of the copy it confirms), Age, hit or miss, and whether it
// came over a reused keep-alive connection.
import http, { type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BodyReader } from './offerReader.ts';

/** A request not answered within this counts as failed. */
const TIMEOUT_MS = 5_000;

/** A response as it arrived, or the error that took its place. */
export type Sent =
  | { sent: number; done: number; status: number; headers: IncomingHttpHeaders; body: Buffer; reused: boolean; error?: undefined }
  | { sent: number; done: number; error: string; reused: boolean; status?: undefined; headers?: undefined; body?: undefined };

/** How a connection that the other side had already closed shows when a request is written on it. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);
let staleRetries = 0;

/**
 * How many requests met a keep-alive connection the cache had already closed as idle, before any byte of an answer,
 * and were sent again on a new one: what browsers do, and what a busy client machine meets more often (it learns
 * of the close later). Never the site's failure, so counted apart and printed with the records.
 */
export const staleConnectionRetries = (): number => staleRetries;

/** One GET over `agent` (false: a new connection); never rejects: a failure is a result too. */
export async function send(port: number, requestPath: string, headers: http.OutgoingHttpHeaders, agent: http.Agent | false): Promise<Sent> {
  const first = await sendOnce(port, requestPath, headers, agent);
  if (!(first.error && first.reused && !first.answered && STALE_CONNECTION.has(first.error))) return first.sent;
  staleRetries += 1;
  return (await sendOnce(port, requestPath, headers, false)).sent;
}

function sendOnce(
  port: number,
  requestPath: string,
  headers: http.OutgoingHttpHeaders,
  agent: http.Agent | false,
): Promise<{ sent: Sent; error?: string; reused: boolean; answered: boolean }> {
  return new Promise((resolve) => {
    const sent = Date.now();
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, path: requestPath, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () =>
        resolve({
          sent: { sent, done: Date.now(), status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), reused: req.reusedSocket },
          reused: req.reusedSocket,
          answered,
        }),
      );
    });
    function fail(error: NodeJS.ErrnoException): void {
      const code = error.code ?? error.message;
      resolve({ sent: { sent, done: Date.now(), error: code, reused: req.reusedSocket }, error: code, reused: req.reusedSocket, answered });
    }
    req.setTimeout(TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', fail);
    req.end();
  });
}

const isLanding = (requestPath: string): boolean => requestPath === '/' || requestPath.startsWith('/?');

/** One response of the steady phase, small enough to keep them all. */
export interface ResponseRecord {
  node: string;
  visitor: 'new' | 'returning' | 'load';
  path: string;
  ae: string;
  sent: number;
  done: number;
  status: number | null;
  error: string | null;
  reused: boolean;
  age: number | null;
  cache: string | null;
  /** The sale state of a landing page's body. */
  state: string | null;
  /** For a 304: the state of the copy it confirms. */
  confirmed: string | null;
}

export interface Recorder {
  records: ResponseRecord[];
  add(node: string, visitor: ResponseRecord['visitor'], requestPath: string, acceptEncoding: string | undefined, result: Sent, confirmed?: string | null): void;
}

/**
 * Keeps every response as one small record. `readBody(body, encoding)` gives a landing page's sale state.
 */
export function createRecorder(readBody: BodyReader): Recorder {
  const records: ResponseRecord[] = [];
  return {
    records,
    add(node, visitor, requestPath, acceptEncoding, result, confirmed = null) {
      const headers = result.headers ?? {};
      const cache = headers['x-cache'];
      records.push({
        node,
        visitor,
        path: requestPath,
        ae: acceptEncoding ?? 'none',
        sent: result.sent,
        done: result.done,
        status: result.status ?? null,
        error: result.error ?? null,
        reused: result.reused,
        age: headers.age === undefined ? null : Number(headers.age),
        cache: typeof cache === 'string' ? cache : null,
        state: result.status === 200 && isLanding(requestPath) ? readBody(result.body, headers['content-encoding']) : null,
        confirmed,
      });
    },
  };
}

/**
 * A browser with its cache: it keeps the page it last received and revalidates it with If-None-Match,
 * as max-age=0, must-revalidate asks. A 304 confirms the copy it holds.
 */
export function createBrowser(
  recorder: Recorder,
  node: string,
  port: number,
  acceptEncoding: string | undefined,
  agent: http.Agent | false,
): () => Promise<void> {
  let copy: { etag: string; state: string | null } | null = null;
  return async function visit() {
    const headers: http.OutgoingHttpHeaders = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    if (copy) headers['if-none-match'] = copy.etag;
    const result = await send(port, '/', headers, agent);
    if (result.status === 304 && copy) {
      recorder.add(node, 'returning', '/', acceptEncoding, result, copy.state);
      return;
    }
    recorder.add(node, copy ? 'returning' : 'new', '/', acceptEncoding, result);
    if (result.status === 200 && result.headers.etag) copy = { etag: result.headers.etag, state: recorder.records.at(-1)?.state ?? null };
  };
}

export const ENCODINGS = ['gzip, deflate, br', 'gzip', undefined] as const;

/**
 * Runs `request(counter)` on `connections` workers sharing `ratePerSecond` in all, until `isDone()`: a fixed rate, never
 * as fast as the machine allows, so that a run makes as many requests on a fast machine as on a slow one. A worker
 * that falls behind (its answer came late) catches up by one interval at most, so the rate is a ceiling.
 * `counter` numbers the requests across workers, from 1.
 */
export async function paced({
  connections,
  ratePerSecond,
  isDone,
  request,
}: {
  connections: number;
  ratePerSecond: number;
  isDone: () => boolean;
  request: (counter: number) => Promise<void>;
}): Promise<void> {
  const interval = (1000 * connections) / ratePerSecond;
  let counter = 0;
  const worker = async (index: number): Promise<void> => {
    let next = Date.now() + (index * interval) / connections;
    while (!isDone()) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      if (isDone()) break;
      next = Math.max(next + interval, Date.now() - interval);
      counter += 1;
      await request(counter);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
}

/**
 * The busy node's steady load: `connections` keep-alive connections sharing `ratePerSecond` requests, until
 * `isDone()`. The mix: the landing page, the same with tracking parameters as shared links carry them (one
 * cache entry: the key is the path), with a unique query that is not tracking (the same entry), the prompt page and
 * the hashed script; browsers' Accept-Encoding, gzip alone, and none.
 */
export async function steadyLoad({
  recorder,
  port,
  connections,
  ratePerSecond,
  isDone,
  asset,
}: {
  recorder: Recorder;
  port: number;
  connections: number;
  ratePerSecond: number;
  isDone: () => boolean;
  asset: string;
}): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, timeout: 4_000 });
  const pick = (counter: number): string => {
    const roll = counter % 20;
    if (roll < 11) return '/';
    if (roll < 13) return `/?utm_source=instagram&utm_medium=social&utm_campaign=taller-${counter}`;
    if (roll < 14) return `/?fbclid=IwAR${counter}`;
    if (roll < 15) return `/?gclid=Cj0K${counter}`;
    if (roll < 17) return `/?ref=miss-${counter}`;
    if (roll < 19) return '/prompt1';
    return asset;
  };
  await paced({
    connections,
    ratePerSecond,
    isDone,
    async request(counter) {
      const requestPath = pick(counter);
      const acceptEncoding = ENCODINGS[counter % 7 < 4 ? 0 : counter % 7 < 6 ? 1 : 2];
      const result = await send(port, requestPath, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, agent);
      recorder.add('busy', 'load', requestPath, acceptEncoding, result);
    },
  });
  agent.destroy();
}

/**
 * Browsers revalidating `/` every `everyMs` on the busy node, one per encoding, until `isDone()`.
 */
export async function revalidatingBrowsers({
  recorder,
  port,
  everyMs,
  isDone,
}: {
  recorder: Recorder;
  port: number;
  everyMs: number;
  isDone: () => boolean;
}): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });
  await Promise.all(
    ENCODINGS.map(async (acceptEncoding, index) => {
      const visit = createBrowser(recorder, 'busy', port, acceptEncoding, agent);
      await sleep((index * everyMs) / ENCODINGS.length);
      while (!isDone()) {
        await visit();
        await sleep(everyMs);
      }
    }),
  );
  agent.destroy();
}

/**
 * The quiet node: one visitor at a time, each on a new connection. One at the start, one per encoding a few
 * seconds before the deadline, then one every second from 1 s after it until `isDone()`: in turn a new
 * visitor and a returning one (who saw the Early Bird page before the deadline and revalidates it).
 */
export async function quietVisitors({
  recorder,
  port,
  deadlineMs,
  isDone,
}: {
  recorder: Recorder;
  port: number;
  deadlineMs: number;
  isDone: () => boolean;
}): Promise<void> {
  const returning = ENCODINGS.map((acceptEncoding) => createBrowser(recorder, 'quiet', port, acceptEncoding, false));
  const newVisitor = async (acceptEncoding: string | undefined): Promise<void> => {
    const result = await send(port, '/', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, false);
    recorder.add('quiet', 'new', '/', acceptEncoding, result);
  };
  const at = async (ms: number): Promise<void> => {
    const wait = ms - Date.now();
    if (wait > 0) await sleep(wait);
  };
  await returning[0]?.();
  for (const [index, visit] of returning.entries()) {
    await at(deadlineMs - 4_000 + index * 500);
    await visit();
  }
  // Turns alternate new and returning visitors, and rotate the encodings: the first request after the
  // deadline in each encoding meets whatever that encoding's cached page is.
  for (let turn = 0; !isDone(); turn += 1) {
    await at(deadlineMs + 1_000 + turn * 1_000);
    if (isDone()) break;
    const encoding = turn % ENCODINGS.length;
    if (turn % 2 === 1) await returning[encoding]?.();
    else await newVisitor(ENCODINGS[encoding]);
  }
}
