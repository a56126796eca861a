// npm run dev's front door: a loopback proxy on the port the developer opens, in front of the dev server. Every HTML
// page it passes on carries one more inline script, allowed by its hash in that answer's Content-Security-Policy,
// which listens to the events at RELOAD_PATH and reloads the page when the runner says a new build is ready. Only
// npm run dev starts it: the production build, its pages and its policy never hold the script.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { startLoopbackProxy } from './loopbackProxy.ts';

export const RELOAD_PATH = '/__dev/reload';
export const RELOAD_SCRIPT = `new EventSource(${JSON.stringify(RELOAD_PATH)}).onmessage=()=>location.reload()`;
const RELOAD_HASH = `'sha256-${createHash('sha256').update(RELOAD_SCRIPT).digest('base64')}'`;

export interface ReloadProxy {
  url: string;
  /** Tells every open page to reload. */
  reload(): void;
  stop(): Promise<void>;
}

/** The policy with the reload script's hash among the scripts it allows. */
const allowReload = (policy: string): string => policy.replace(/(^|;\s*)script-src\b([^;]*)/, `$1script-src$2 ${RELOAD_HASH}`);

/**
 * Pages are never kept: a reload must fetch the new build's, not revalidate the old one by the date the server gave.
 * The policy gains the script's hash on every answer; only pages carry the script.
 */
function rewriteHeaders({ 'content-security-policy': policy, ...headers }: IncomingHttpHeaders): OutgoingHttpHeaders {
  const rewritten: OutgoingHttpHeaders = { ...headers };
  if (typeof policy === 'string') rewritten['content-security-policy'] = allowReload(policy);
  if ((headers['content-type'] ?? '').startsWith('text/html')) {
    delete rewritten['last-modified'];
    rewritten['cache-control'] = 'no-store';
  }
  return rewritten;
}

/** Listens on `port` (loopback) and forwards everything but the events to `origin`. */
export async function startReloadProxy(origin: string, port: number): Promise<ReloadProxy> {
  const listeners = new Set<ServerResponse>();
  const proxy = await startLoopbackProxy(origin, {
    port,
    rewriteHtml: (html) => html.replace('</body>', `<script>${RELOAD_SCRIPT}</script></body>`),
    rewriteHeaders,
    answer(req, res) {
      if (req.url !== RELOAD_PATH) return false;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': listening\n\n');
      listeners.add(res);
      res.on('close', () => listeners.delete(res));
      return true;
    },
  });
  return {
    url: proxy.url,
    reload() {
      for (const listener of listeners) listener.write('data: reload\n\n');
    },
    stop: proxy.stop,
  };
}
