import type { RequestHandler } from 'express';
import type { TrustedProxies } from '../config/trustedProxies';
import type { Logger } from '../ops/logger';
import { clientAddress } from './clientAddress';

/**
 * The addresses Stripe sends its webhooks from, as it publishes them (https://stripe.com/files/ips/ips_webhooks.txt), as
 * deploy/varnish/taller.vcl's acl stripe_addresses lists them: the cache gives their bodies a storage of their own
 * (docs/decisions/0026-stripes-own-room-at-the-edge.md). tests/deploy/edge-lists.test.ts holds the two equal.
 */
export const STRIPE_WEBHOOK_ADDRESSES: ReadonlySet<string> = new Set([
  '3.18.12.63',
  '3.69.109.8',
  '3.120.168.93',
  '3.130.192.231',
  '13.235.14.237',
  '13.235.122.149',
  '18.211.135.69',
  '35.154.171.200',
  '35.157.207.129',
  '52.15.183.38',
  '54.88.130.119',
  '54.88.130.237',
  '54.187.174.169',
  '54.187.205.235',
  '54.187.216.72',
]);

/**
 * Watches Stripe's webhook deliveries: one that its signature proved Stripe's (answered 2xx) but that came from an
 * address the list does not hold is logged, once per delivery. Either Stripe has started sending from a new address,
 * whose deliveries the cache takes from the room anyone may fill until both lists name it, or a proxy in front is
 * missing from TRUSTED_PROXIES and the cache's list, and every client looks like it. The address is Stripe's or a
 * proxy's, never a visitor's: only Stripe can sign.
 */
export function watchStripeDeliveries(trusted: TrustedProxies, logger: Logger): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (res.statusCode < 200 || res.statusCode > 299) return;
      const address = clientAddress(req.socket.remoteAddress, req.get('x-forwarded-for'), trusted);
      if (address !== null && STRIPE_WEBHOOK_ADDRESSES.has(address)) return;
      logger.warn(
        { event: 'stripe_webhook_unlisted', address },
        "a signed delivery from an address that is not among Stripe's webhook addresses: add it to both lists, or its proxy to TRUSTED_PROXIES",
      );
    });
    next();
  };
}
