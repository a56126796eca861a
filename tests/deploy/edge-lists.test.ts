/**
 * The lists the edge and the site each keep of the same addresses, held equal: Stripe's webhook addresses (the cache's
 * acl stripe_addresses, the app's STRIPE_WEBHOOK_ADDRESSES, the ingress's geo), and the proxies in front whose X-Forwarded-For entries
 * name the client (the cache's acl trusted_proxies in deploy/varnish/backends.example.vcl, the site's TRUSTED_PROXIES in
 * deploy/kubernetes/configmap.yaml).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STRIPE_WEBHOOK_ADDRESSES } from '../../server/http/stripeDeliveries';

/** The entries of `acl <name>` in a VCL file, each as an address or a CIDR block. */
function aclOf(file: string, name: string): string[] {
  const body = new RegExp(`acl ${name} \\{([^}]*)\\}`).exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...body.matchAll(/"([^"]+)"(?:\/(\d+))?;/g)].map(([, address, bits]) => (bits ? `${address}/${bits}` : (address ?? '')));
}

describe('the lists the edge and the site share', () => {
  it("Stripe's webhook addresses: the cache's and the app's are one list", () => {
    const cache = aclOf('deploy/varnish/taller.vcl', 'stripe_addresses');
    expect(cache.length).toBeGreaterThanOrEqual(10);
    expect([...STRIPE_WEBHOOK_ADDRESSES].sort()).toEqual(cache.sort());
    // The ingress's too, which never counts their bodies against a client's.
    const geo = /geo \$taller_from_stripe \{([^}]*)\}/.exec(readFileSync('deploy/ingress/held-bodies.conf', 'utf8'))?.[1] ?? '';
    expect([...geo.matchAll(/^\s*([\d.]+)\s+1;$/gm)].map(([, address]) => address).sort()).toEqual(cache.sort());
  });

  it("the trusted proxies: the cache's example and the fleet's ConfigMap are one list", () => {
    const settings = (parse(readFileSync('deploy/kubernetes/configmap.yaml', 'utf8')) as { data: Record<string, string> }).data;
    const cache = aclOf('deploy/varnish/backends.example.vcl', 'trusted_proxies');
    expect(cache.length).toBeGreaterThan(0);
    expect(settings.TRUSTED_PROXIES?.split(',')).toEqual(cache);
  });
});
