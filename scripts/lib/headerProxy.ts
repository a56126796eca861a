// A loopback proxy in front of a server that sets or drops one response header: the site as it would be with or
// without it (say, Cross-Origin-Opener-Policy), measured without a switch in the server for production to refuse.
import { type LoopbackProxy, startLoopbackProxy } from './loopbackProxy.ts';

/** Forwards every request to `origin`; `value` null drops the header `name` from the answers, a string sets it. */
export function startHeaderProxy(origin: string, name: string, value: string | null): Promise<LoopbackProxy> {
  const header = name.toLowerCase();
  return startLoopbackProxy(origin, {
    rewriteHeaders: ({ [header]: _dropped, ...kept }) => (value === null ? kept : { ...kept, [header]: value }),
  });
}
