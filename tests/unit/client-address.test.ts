/**
 * The client's address as the app reads it (server/http/clientAddress.ts), the same way the cache does: X-Forwarded-For
 * walked from the right past TRUSTED_PROXIES, every address canonical (an IPv4-mapped one as its IPv4 address) before
 * the list is asked.
 */
import { describe, expect, it } from 'vitest';
import { canonicalAddress, parseTrustedProxies } from '../../server/config/trustedProxies';
import { clientAddress } from '../../server/http/clientAddress';
import { ConfigError } from '../../server/config/settings';

describe('an address, written one way', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:198.51.100.7', '198.51.100.7'],
    ['0:0:0:0:0:ffff:c633:6407', '198.51.100.7'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    [' 2001:db8::1 ', '2001:db8::1'],
  ])('%s is %s', (text, canonical) => {
    expect(canonicalAddress(text)).toBe(canonical);
  });

  it.each(['unknown', '', '198.51.100.7:443', '[2001:db8::1]', 'taller.example.org', '1.2.3'])('%j is no address', (text) => {
    expect(canonicalAddress(text)).toBeNull();
  });
});

describe('TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR blocks of both families, an IPv4-mapped one as its IPv4 address', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 192.0.2.1 fd00::/8,::ffff:203.0.113.9');
    expect(trusted.listed).toEqual(['10.0.0.0/8', '192.0.2.1', 'fd00::/8', '::ffff:203.0.113.9']);
    for (const address of ['10.1.2.3', '192.0.2.1', 'fd12::1', '203.0.113.9']) expect(trusted.trusts(address), address).toBe(true);
    for (const address of ['11.0.0.1', '192.0.2.2', 'fe80::1', '2001:db8::1', 'nonsense']) expect(trusted.trusts(address), address).toBe(false);
    expect(parseTrustedProxies('').trusts('127.0.0.1')).toBe(false);
  });

  it.each(['10.0.0.0/33', 'fd00::/129', 'ingress.example.org', '10.0.0.0/8/1', '10.0.0.0/x'])('refuses %s in one line', (value) => {
    expect(() => parseTrustedProxies(value)).toThrow(ConfigError);
    expect(() => parseTrustedProxies(value)).toThrow(/^Invalid TRUSTED_PROXIES: expected addresses or CIDR blocks separated by commas/);
  });
});

describe("the client's address", () => {
  const trusted = parseTrustedProxies('127.0.0.1,10.0.0.0/8');

  it('is the address that connected when it is no trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.5', '3.18.12.63', trusted)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:203.0.113.5', '10.0.0.1, 3.18.12.63', trusted)).toBe('203.0.113.5');
  });

  it('is, past each trusted proxy, the entry that proxy wrote: the first from the right that is no proxy', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '198.18.0.1, 198.51.100.7, 10.2.3.4', trusted)).toBe('198.51.100.7');
    expect(clientAddress('::ffff:127.0.0.1', '::ffff:198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '2001:DB8::7', trusted)).toBe('2001:db8::7');
  });

  it('stops at the proxy that wrote an entry that is no address, and at the last entry when every one is a proxy', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.7, unknown', trusted)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', '10.9.9.9, 10.2.3.4', trusted)).toBe('10.9.9.9');
    expect(clientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
  });
});
