/**
 * For a driver with no init scripts (classic WebDriver): a loopback proxy in front of the site that puts the
 * probe first in every HTML page's <head>, as a same-origin <script src> the site's policy already allows
 * (script-src 'self'), and serves it. Everything else passes through untouched, headers and policy included.
 */
import { startLoopbackProxy } from '../loopbackProxy.ts';
import type { ProbeOptions } from './pageProbe.ts';
import { probeSource } from './probe.ts';

const PROBE_PATH = '/__engine-probe.js';

export interface ProbeProxy {
  url: string;
  /** The options of the probe served from now on (a page asks for it as it loads). */
  options: ProbeOptions;
  stop(): Promise<void>;
}

export async function startProbeProxy(origin: string): Promise<ProbeProxy> {
  let options: ProbeOptions = { clock: false };
  const proxy = await startLoopbackProxy(origin, {
    rewriteHtml: (html) => html.replace(/<head[^>]*>/, (head) => `${head}<script src="${PROBE_PATH}"></script>`),
    answer: (req, res) => {
      if (req.url !== PROBE_PATH) return false;
      void probeSource(options).then((source) => res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(source));
      return true;
    },
  });
  return {
    url: proxy.url,
    get options() {
      return options;
    },
    set options(next) {
      options = next;
    },
    stop: proxy.stop,
  };
}
