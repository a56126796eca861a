// A flood of slow bodies: connections opened at a fixed rate, each sending a request's head that declares a body, then
// trickling that body at a fixed pace. One ticker writes every connection's due part, so the flood costs its own
// process little and the same on any machine. Each connection's fate is recorded: when it opened, what answer came,
// and when it closed.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** One connection of the flood. */
export interface FloodConnection {
  opened: number;
  /** The status of the answer, once its first line came; null while none has. */
  status: number | null;
  /** When the connection closed, by either side; null while open. */
  closed: number | null;
  /** Body bytes written before it closed. */
  written: number;
  /** The error that ended it (a reset, say), if one did. */
  error: string | null;
}

export interface SlowBodiesOptions {
  port: number;
  connections: number;
  openPerSecond: number;
  /** The body's declared length, in bytes, trickled in equal parts, one a second, over `trickleSeconds`. */
  declaredBytes: number;
  trickleSeconds: number;
  /** The request's head for connection `index` (its lines, without the blank line that ends it). */
  head: (index: number) => string[];
  /** How long after its last part a connection may wait for its answer before this side closes it. */
  answerWaitMs: number;
}

/** Once an answer has begun, the rest of it comes at once: the connection is closed this soon after, if the server has not. */
const AFTER_ANSWER_MS = 500;

/** How often the ticker opens and writes: well under a second, so each part leaves on time. */
const TICK_MS = 50;

/**
 * Runs the flood; resolves once every connection has closed, each record filled in. `records` can be read while it
 * runs (how many are open now, say).
 */
export function slowBodies(options: SlowBodiesOptions): { records: FloodConnection[]; done: Promise<void> } {
  const { port, connections, openPerSecond, declaredBytes, trickleSeconds, head, answerWaitMs } = options;
  const records: FloodConnection[] = [];
  const part = Math.ceil(declaredBytes / trickleSeconds);
  const chunk = Buffer.alloc(part, 'x');
  const live = new Map<net.Socket, { record: FloodConnection; nextWriteAt: number; giveUpAt: number }>();

  const open = (index: number): void => {
    const record: FloodConnection = { opened: Date.now(), status: null, closed: null, written: 0, error: null };
    records.push(record);
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.on('connect', () => {
      socket.write(`${head(index).join('\r\n')}\r\n\r\n`);
      live.set(socket, { record, nextWriteAt: Date.now() + 1_000, giveUpAt: Infinity });
    });
    socket.on('data', (data: Buffer) => {
      if (record.status !== null) return;
      received += data.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) record.status = Number(match[1]);
    });
    // A refused or reset connection ends here too: its 'close' follows.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      record.error ??= error.code ?? error.message;
    });
    socket.on('close', () => {
      record.closed = Date.now();
      live.delete(socket);
    });
  };

  const done = (async () => {
    const startedAt = Date.now();
    let opened = 0;
    while (opened < connections || live.size > 0 || records.some((record) => record.closed === null)) {
      const now = Date.now();
      const due = Math.min(connections, Math.floor(((now - startedAt) * openPerSecond) / 1000) + 1);
      for (; opened < due; opened += 1) open(opened);
      for (const [socket, state] of live) {
        if (state.record.status !== null) state.giveUpAt = Math.min(state.giveUpAt, now + AFTER_ANSWER_MS);
        if (now >= state.giveUpAt) {
          socket.destroy();
          continue;
        }
        // An answer came: the rest of the body is not sent (the answer refused it, or it was whole).
        if (state.record.status !== null || state.record.written >= declaredBytes || now < state.nextWriteAt || socket.destroyed) continue;
        const size = Math.min(part, declaredBytes - state.record.written);
        socket.write(size === part ? chunk : chunk.subarray(0, size));
        state.record.written += size;
        state.nextWriteAt += 1_000;
        if (state.record.written >= declaredBytes) state.giveUpAt = now + answerWaitMs;
      }
      await sleep(TICK_MS);
    }
  })();
  return { records, done };
}
