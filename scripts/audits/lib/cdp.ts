// A bare Chrome DevTools Protocol client over Node's WebSocket: commands and events on flat sessions, nothing else.
// A page traced this way has no DevTools domain on but those the trace needs: with the Runtime domain on (Playwright
// and Puppeteer turn it on), V8 collects source positions and re-parses a large module while it evaluates, work
// no visitor's browser does.
type Params = Record<string, unknown>;

interface CdpEvent {
  method: string;
  params: Params;
  sessionId?: string;
}

export interface Cdp {
  send<T = Params>(method: string, params?: Params, sessionId?: string): Promise<T>;
  /** Resolves with the next event named `method` (on `sessionId`, when given) for which `accept` holds. */
  next(method: string, options?: { sessionId?: string; accept?: (params: Params) => boolean }): Promise<Params>;
  /** Calls `listener` with every event named `method` (on `sessionId`, when given) until the returned function is called. */
  on(method: string, listener: (params: Params) => void, sessionId?: string): () => void;
  close(): void;
}

/** Connects to the browser's own endpoint (`/json/version` on the remote-debugging port). */
export async function connectCdp(port: number): Promise<Cdp> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`No DevTools connection on port ${port}`)), { once: true });
  });
  let lastId = 0;
  const pending = new Map<number, { resolve: (result: Params) => void; reject: (error: Error) => void; method: string }>();
  const waiters = new Set<{ method: string; sessionId?: string; accept: (params: Params) => boolean; resolve: (params: Params) => void }>();
  const listeners = new Set<{ method: string; sessionId?: string; listener: (params: Params) => void }>();
  socket.addEventListener('message', (message: MessageEvent<string>) => {
    const data = JSON.parse(message.data) as { id?: number; result?: Params; error?: { message: string } } & Partial<CdpEvent>;
    if (data.id !== undefined) {
      const call = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) call?.reject(new Error(`${call.method}: ${data.error.message}`));
      else call?.resolve(data.result ?? {});
      return;
    }
    if (!data.method) return;
    const params = data.params ?? {};
    for (const { method, sessionId, listener } of listeners) if (method === data.method && (!sessionId || sessionId === data.sessionId)) listener(params);
    for (const waiter of waiters) {
      if (waiter.method !== data.method || (waiter.sessionId && waiter.sessionId !== data.sessionId) || !waiter.accept(params)) continue;
      waiters.delete(waiter);
      waiter.resolve(params);
    }
  });
  return {
    send: <T>(method: string, params: Params = {}, sessionId?: string) =>
      new Promise<T>((resolve, reject) => {
        lastId += 1;
        pending.set(lastId, { resolve: resolve as (result: Params) => void, reject, method });
        socket.send(JSON.stringify({ id: lastId, method, params, ...(sessionId ? { sessionId } : {}) }));
      }),
    next: (method, { sessionId, accept = () => true } = {}) =>
      new Promise((resolve) => {
        waiters.add({ method, ...(sessionId ? { sessionId } : {}), accept, resolve });
      }),
    on: (method, listener, sessionId) => {
      const entry = { method, ...(sessionId ? { sessionId } : {}), listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    close: () => socket.close(),
  };
}
