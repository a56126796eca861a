import { isIP } from 'node:net';

/**
 * Whether a mail server's host is this machine: a relay beside the site (a sidecar) is reached without TLS, since
 * nothing on the way can read or strip it. Names are taken as written, never resolved.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || /^::ffff:127\./.test(host);
}

/**
 * nodemailer's options for an SMTP_URL (smtp:// or smtps://): plain smtp:// to another machine must upgrade with
 * STARTTLS before it logs in (`requireTLS`), or an attacker on the way who strips the server's STARTTLS would read
 * the password and every mail. nodemailer lets the URL's own query override these.
 */
export const smtpTlsOptions = (url: URL): { requireTLS: boolean } => ({ requireTLS: url.protocol === 'smtp:' && !isLoopbackHost(url.hostname) });

/**
 * The URL's query options that send mail without TLS, or over TLS without checking whose certificate it is: each
 * would hand the password and the buyers' links to whoever sits on the way. Production refuses them.
 */
export function weakenedTlsOptions(url: URL): string[] {
  const weakened: string[] = [];
  for (const [key, value] of url.searchParams) {
    const setting = key.toLowerCase();
    const off = value.toLowerCase() === 'false' || value === '0';
    if (setting === 'ignoretls' || setting === 'opportunistictls') weakened.push(key);
    else if (setting === 'requiretls' && off) weakened.push(key);
    else if (setting === 'secure' && off && url.protocol === 'smtps:') weakened.push(key);
    else if (setting === 'tls.rejectunauthorized' && off) weakened.push(key);
  }
  return weakened;
}
