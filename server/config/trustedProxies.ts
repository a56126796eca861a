import { BlockList, isIP } from 'node:net';
import { ConfigError } from './configError';

/** The proxies in front (the cache nodes, the ingress) whose X-Forwarded-For entries the site takes as written. */
export interface TrustedProxies {
  /** As TRUSTED_PROXIES lists them: addresses and CIDR blocks. */
  listed: readonly string[];
  /** Whether `address`, as canonicalAddress writes it, is one of them. */
  trusts(address: string): boolean;
}

const MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * An address as one (never resolved as a name), written one way whatever way it came: an IPv6 address compressed and in
 * lower case, and an IPv4-mapped one (::ffff:a.b.c.d, however written) as its IPv4 address, so that no list misses it.
 * Null for anything that is no address.
 */
export function canonicalAddress(text: string): string | null {
  const address = text.trim();
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const mapped = MAPPED.exec(host);
  if (!mapped) return host;
  const [high, low] = [Number.parseInt(mapped[1] ?? '', 16), Number.parseInt(mapped[2] ?? '', 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** TRUSTED_PROXIES: addresses and CIDR blocks, separated by commas or spaces; empty, no proxy is trusted. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const listed = value.split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  for (const entry of listed) {
    const [text = '', prefix, ...rest] = entry.split('/');
    const address = canonicalAddress(text);
    const family = address === null ? 0 : isIP(address);
    const bits = prefix === undefined ? (family === 4 ? 32 : 128) : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (!address || rest.length > 0 || !(bits >= 0 && bits <= (family === 4 ? 32 : 128))) {
      throw new ConfigError(
        `Invalid TRUSTED_PROXIES: expected addresses or CIDR blocks separated by commas, like 10.0.0.0/8,fd00::/8, got ${JSON.stringify(value)}`,
      );
    }
    list.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    listed,
    trusts(address) {
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
