import { Resolver } from 'node:dns/promises';
import { type Check, ok, warn } from './preflightCheck';

/** What a name's records are, or that they could not be read (the resolver failed, not the records missing). */
type Records<T> = { records: T[] } | { error: string };

interface MailDns {
  domain: string;
  mx: Records<{ exchange: string; priority: number }>;
  /** Every TXT record at the domain, each joined from its strings. */
  txt: Records<string>;
  /** Every TXT record at `_dmarc.` the domain. */
  dmarcTxt: Records<string>;
}

/** No such name, or no records of the type: both are "none" to a receiving server. */
const NONE = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

async function records<T>(lookup: () => Promise<T[]>): Promise<Records<T>> {
  try {
    return { records: await lookup() };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && NONE.has(code)) return { records: [] };
    return { error: typeof code === 'string' ? code : 'lookup failed' };
  }
}

/**
 * MAIL_FROM's domain as a receiving server sees it, through the system's resolver, or the server named (`host:port`)
 * for tests.
 */
export async function readMailDns(domain: string, server: string | null): Promise<MailDns> {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (server) resolver.setServers([server]);
  const joined = (rows: string[][]) => rows.map((row) => row.join(''));
  return {
    domain,
    mx: await records(() => resolver.resolveMx(domain)),
    txt: await records(async () => joined(await resolver.resolveTxt(domain))),
    dmarcTxt: await records(async () => joined(await resolver.resolveTxt(`_dmarc.${domain}`))),
  };
}

/**
 * MX, SPF and DMARC for the sending domain: Gmail and Yahoo reject or spam-folder mail from domains without them.
 * Each missing one is a `warn` saying what to add (a provider that signs with DKIM may still deliver without SPF).
 */
export function mailDnsChecks(dns: MailDns, contactEmail: string): Check[] {
  const { domain } = dns;
  const unread = (id: string, label: string, error: string) => warn(id, 'mail', label, `could not be looked up (${error}): run the preflight again`);
  const checks: Check[] = [];
  if ('error' in dns.mx) checks.push(unread('mail.dns.mx', 'MX', dns.mx.error));
  else if (dns.mx.records.length === 0)
    checks.push(warn('mail.dns.mx', 'mail', 'MX', `${domain} has no MX record, so replies to MAIL_FROM bounce: add the MX records your mail provider gives`));
  else
    checks.push(
      ok(
        'mail.dns.mx',
        'mail',
        'MX',
        [...dns.mx.records]
          .sort((a, b) => a.priority - b.priority)
          .map((mx) => mx.exchange)
          .join(', '),
      ),
    );

  if ('error' in dns.txt) checks.push(unread('mail.dns.spf', 'SPF', dns.txt.error));
  else {
    const spf = dns.txt.records.filter((record) => /^v=spf1(\s|$)/i.test(record));
    if (spf.length === 0)
      checks.push(
        warn(
          'mail.dns.spf',
          'mail',
          'SPF',
          `${domain} has no SPF record: add a TXT record at ${domain} such as "v=spf1 include:<your provider's domain> ~all" (your mail provider gives the exact value)`,
        ),
      );
    else if (spf.length > 1)
      checks.push(
        warn('mail.dns.spf', 'mail', 'SPF', `${domain} has ${spf.length} SPF records, which receivers treat as an error: merge them into one TXT record`),
      );
    else checks.push(ok('mail.dns.spf', 'mail', 'SPF', spf[0] as string));
  }

  if ('error' in dns.dmarcTxt) checks.push(unread('mail.dns.dmarc', 'DMARC', dns.dmarcTxt.error));
  else {
    const dmarc = dns.dmarcTxt.records.find((record) => /^v=DMARC1(\s|;|$)/i.test(record));
    checks.push(
      dmarc
        ? ok('mail.dns.dmarc', 'mail', 'DMARC', dmarc)
        : warn(
            'mail.dns.dmarc',
            'mail',
            'DMARC',
            `${domain} has no DMARC record: add a TXT record at _dmarc.${domain}: "v=DMARC1; p=none; rua=mailto:${contactEmail}"`,
          ),
    );
  }
  return checks;
}
