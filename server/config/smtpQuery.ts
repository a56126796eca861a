/**
 * What SMTP_URL's query may set in production: nodemailer reads any of its options there, and some send mail without
 * TLS (`ignoreTLS`, `requireTLS=` read as false), stop checking the certificate (`tls.rejectUnauthorized=0.0`), or turn
 * its own log on, which prints addresses and the conversation. So production takes only these, each in a shape that
 * cannot weaken anything, and refuses the rest by name. Pure.
 */
const ALLOWED: Record<string, RegExp> = {
  connectionTimeout: /^[1-9]\d{2,5}$/,
  greetingTimeout: /^[1-9]\d{2,5}$/,
  socketTimeout: /^[1-9]\d{2,5}$/,
  dnsTimeout: /^[1-9]\d{2,5}$/,
  name: /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/,
  authMethod: /^(PLAIN|LOGIN|CRAM-MD5)$/,
  requireTLS: /^true$/,
  secure: /^true$/,
  'tls.servername': /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/,
  'tls.minVersion': /^TLSv1\.[23]$/,
};

/** The options, as an operator reads them in the refusal. */
export const ALLOWED_SMTP_OPTIONS = Object.keys(ALLOWED).map((key) => (ALLOWED[key]?.source === '^true$' ? `${key}=true` : key));

/** The query's options production refuses: any other, or one of these in another shape. Each named once, never its value. */
export function refusedSmtpOptions(url: URL): string[] {
  const refused = [...url.searchParams].filter(([key, value]) => !Object.hasOwn(ALLOWED, key) || !ALLOWED[key]?.test(value)).map(([key]) => key);
  return [...new Set(refused)];
}
