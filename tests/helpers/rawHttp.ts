/**
 * Raw HTTP over node:net: sends exactly the bytes a test writes (no client normalising the path, no
 * header validation) to a running server and hands back exactly the bytes that came back.
 */
import net from 'node:net';
import { WAIT_BOUND_MS } from '../../scripts/lib/testBudget';

export interface RawResult {
  /** Everything the server sent, byte for byte. */
  bytes: Buffer;
  /** The same bytes as latin1 text, so every byte stays one character. */
  text: string;
  /** The server closed the connection (end or reset) before the timeout. */
  closedByServer: boolean;
  /** The timeout fired first: the socket was destroyed by us. */
  timedOut: boolean;
}

export interface RawOptions {
  host?: string;
  /** How long to wait for the server to close the connection before giving up. Default WAIT_BOUND_MS. */
  timeoutMs?: number;
  /** Stop waiting (and destroy the socket) as soon as the collected text satisfies this. */
  until?: (text: string) => boolean;
}

/** Sends `payload` in one write and collects the raw response until the server closes the socket. */
export function rawRequest(
  port: number,
  payload: string | Buffer,
  { host = '127.0.0.1', timeoutMs = WAIT_BOUND_MS, until }: RawOptions = {},
): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closedByServer: boolean, timedOut: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const bytes = Buffer.concat(chunks);
      socket.destroy();
      resolve({ bytes, text: bytes.toString('latin1'), closedByServer, timedOut });
    };
    const timer = setTimeout(() => finish(false, true), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (until?.(Buffer.concat(chunks).toString('latin1'))) finish(false, false);
    });
    socket.on('end', () => finish(true, false));
    socket.on('close', () => finish(true, false));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the server answered (it closed while we were still writing) is still an answer.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return finish(true, false);
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.write(typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload);
  });
}

/** A connection the test drives by hand: write parts, watch what comes back and whether it closes. */
export interface RawConnection {
  socket: net.Socket;
  write(part: string | Buffer): Promise<void>;
  /** Everything received so far, latin1. */
  text(): string;
  bytes(): Buffer;
  /** Resolves once the server has ended or reset the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
  /** Resolves when the received text satisfies `predicate`, rejects after `timeoutMs`. */
  waitFor(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  destroy(): void;
}

export function openConnection(port: number, host = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host });
    const chunks: Buffer[] = [];
    let isClosed = false;
    const listeners = new Set<() => void>();
    const closed = new Promise<void>((done) => {
      const mark = (): void => {
        isClosed = true;
        done();
        for (const listener of listeners) listener();
      };
      socket.once('end', mark);
      socket.once('close', mark);
    });
    socket.on('error', () => {
      /* a reset shows up as 'close' */
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      for (const listener of listeners) listener();
    });
    const bytes = (): Buffer => Buffer.concat(chunks);
    socket.once('connect', () =>
      resolve({
        socket,
        write: (part) =>
          new Promise((done, fail) => socket.write(typeof part === 'string' ? Buffer.from(part, 'latin1') : part, (error) => (error ? fail(error) : done()))),
        text: () => bytes().toString('latin1'),
        bytes,
        closed,
        isClosed: () => isClosed,
        waitFor: (predicate, timeoutMs = WAIT_BOUND_MS) =>
          new Promise((done, fail) => {
            const check = (): void => {
              const text = bytes().toString('latin1');
              if (predicate(text)) {
                listeners.delete(check);
                clearTimeout(timer);
                done(text);
              } else if (isClosed) {
                listeners.delete(check);
                clearTimeout(timer);
                fail(new Error(`connection closed before the expected response; got:\n${text.slice(0, 500)}`));
              }
            };
            const timer = setTimeout(() => {
              listeners.delete(check);
              fail(new Error(`waited for the expected response: not within ${timeoutMs} ms; got:\n${bytes().toString('latin1').slice(0, 500)}`));
            }, timeoutMs);
            listeners.add(check);
            check();
          }),
        destroy: () => socket.destroy(),
      }),
    );
    socket.once('error', reject);
  });
}

export interface ParsedResponse {
  status: number;
  statusLine: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Header lines exactly as sent, in order. */
  headerLines: string[];
  body: Buffer;
}

/**
 * Splits raw bytes into HTTP/1.1 responses, framed by Content-Length or chunked encoding.
 * `bodiless[i]` marks the i-th response as one without a body (an answer to HEAD).
 * Stops at the first incomplete response; `rest` holds what was left over.
 */
export function parseResponses(bytes: Buffer, bodiless: boolean[] = []): { responses: ParsedResponse[]; rest: Buffer } {
  const responses: ParsedResponse[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', offset, 'latin1');
    if (headEnd === -1) break;
    const [statusLine = '', ...headerLines] = bytes.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    let cursor = headEnd + 4;
    let body: Buffer;
    const noBody = bodiless[responses.length] === true || status === 204 || status === 304 || (status >= 100 && status < 200);
    if (noBody) {
      body = Buffer.alloc(0);
    } else if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
      const parts: Buffer[] = [];
      let complete = false;
      for (;;) {
        const lineEnd = bytes.indexOf('\r\n', cursor, 'latin1');
        if (lineEnd === -1) break;
        const size = parseInt(bytes.subarray(cursor, lineEnd).toString('latin1'), 16);
        if (Number.isNaN(size) || lineEnd + 2 + size + 2 > bytes.length) break;
        parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
        cursor = lineEnd + 2 + size + 2;
        if (size === 0) {
          complete = true;
          break;
        }
      }
      if (!complete) break;
      body = Buffer.concat(parts);
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (cursor + length > bytes.length) break;
      body = bytes.subarray(cursor, cursor + length);
      cursor += length;
    } else {
      // Delimited by the connection's close.
      body = bytes.subarray(cursor);
      cursor = bytes.length;
    }
    responses.push({ status, statusLine, headers, headerLines, body });
    offset = cursor;
  }
  return { responses, rest: bytes.subarray(offset) };
}

/** A minimal HTTP/1.1 request with the exact target given, closing the connection after the answer. */
export const rawGet = (target: string, { method = 'GET', headers = {} as Record<string, string>, keepAlive = false } = {}): string =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}${keepAlive ? '' : 'Connection: close\r\n'}\r\n`;
