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
