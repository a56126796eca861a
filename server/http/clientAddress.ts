import { canonicalAddress, type TrustedProxies } from '../config/trustedProxies';

/**
 * Who sent a request, as the cache in front reads it (deploy/varnish/taller.vcl, taller_client): the address that
 * connected, then X-Forwarded-For from the right while the address in hand is a trusted proxy's, each entry being the
 * address that proxy saw connect. The first address that is no trusted proxy's is the client: what a client writes in
 * the header itself stands further left and is never reached. An entry that is no address ends the walk at the proxy
 * that wrote it. Every address is canonical (an IPv4-mapped one as its IPv4 address) before the list is asked.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string | null {
  let client = canonicalAddress(peer ?? '');
  const entries = (forwardedFor ?? '').split(',');
  while (client !== null && trusted.trusts(client) && entries.length > 0) {
    const next = canonicalAddress(entries.pop() ?? '');
    if (next === null) break;
    client = next;
  }
  return client;
}
