import nodemailer from 'nodemailer';
import { isLoopbackHost, smtpTlsOptions } from '../config/smtpTls';
import { type Check, fail, ok } from './preflightCheck';

/** As the site's own sends are bounded (server/fulfilment/mail/smtpMailer.ts): a server that stalls fails the check. */
const BOUNDS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** nodemailer's failure, read without its message (which may quote an address): its code and the server's reply code. */
function failureOf(error: unknown): { code: string | null; reply: number | null } {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return { code: typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? code : null, reply: typeof responseCode === 'number' ? responseCode : null };
}

/** What to change for each way the connection, TLS or the login can fail. */
function advice(code: string | null, reply: number | null, where: string): string {
  const got = [code, reply === null ? null : `reply ${reply}`].filter(Boolean).join(' ');
  if (code === 'EAUTH' || code === 'ENOAUTH')
    return `the server refused the login (${got}): fix the user name or password in SMTP_URL (Gmail and Google Workspace need an app password; a provider, its SMTP credentials)`;
  if (code === 'ETLS')
    return `no STARTTLS at ${where} (${got}), so the password was not sent: use the provider's TLS port (smtps://…:465) or a server that offers STARTTLS on 587`;
  if (code === 'EDNS') return `${where}'s name does not resolve (${got}): check the host in SMTP_URL`;
  if (code === 'ETIMEDOUT' || code === 'ECONNECTION' || code === 'ESOCKET')
    return `could not talk to ${where} (${got}): check the host and port in SMTP_URL, and that this machine may reach it`;
  return `the server failed (${got || 'unexpected failure'}): check SMTP_URL with your mail provider`;
}

/**
 * Connects to SMTP_URL as the site does, upgrades with STARTTLS where the site requires it (plain smtp:// to another
 * machine), and logs in, without sending anything. One line, naming the step that failed.
 */
export async function mailServerCheck(smtpUrl: string): Promise<Check> {
  const url = new URL(smtpUrl);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  const transport = nodemailer.createTransport({ url: smtpUrl, ...smtpTlsOptions(url), ...BOUNDS, logger: false, debug: false });
  try {
    await transport.verify();
  } catch (error) {
    const { code, reply } = failureOf(error);
    return fail('mail.server', 'mail', 'Mail server', advice(code, reply, where));
  } finally {
    transport.close();
  }
  const tls = url.protocol === 'smtps:' ? 'over TLS' : isLoopbackHost(url.hostname) ? 'on this machine (no TLS needed)' : 'after STARTTLS';
  const login = url.username ? 'logged in' : 'connected (no login: a relay)';
  return ok('mail.server', 'mail', 'Mail server', `${login} at ${where}, ${tls}`);
}
