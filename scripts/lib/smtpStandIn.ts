/**
 * A real SMTP server for the tests and `npm run dev:stripe` (the `smtp-server` package, nodemailer's authors'): it
 * takes the site's mails to buyers over SMTP with a login, as a provider would, keeps each message as it
 * arrived, and can write each to a folder as a .eml file a mail client opens. For the fault tests it can refuse for a
 * while (a 451, as a provider over its limits answers), hang (never answer the message), refuse a recipient for good
 * (550 5.1.1 to RCPT TO: no such user; every one, or given addresses), refuse every recipient as a relay that will not
 * relay for the site does (554 5.7.1), refuse the login (535: a revoked password), or hold each message's 250 until
 * the test releases it. Its replies carry their enhanced status codes (RFC 3463) as real servers' do. It counts the
 * connections it was opened. It offers no STARTTLS, as a server whose STARTTLS an attacker on the way has stripped
 * looks. Production refuses its user name in SMTP_URL (server/config/standInSmtpUser.ts).
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { SMTP_STAND_IN_USER } from '../../server/config/standInSmtpUser.ts';

type SmtpFault = 'refuse' | 'hang' | 'reject_recipient' | 'refuse_login' | 'deny_relay';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers and body. */
  raw: Buffer;
  /** When it arrived, on the stand-in's clock. */
  atMs: number;
}

export interface SmtpStandIn {
  /** SMTP_URL for it; `options` become nodemailer's (e.g. socketTimeout), as in any SMTP_URL. */
  url(options?: Record<string, string | number>): string;
  /** Every message accepted so far. */
  received: ReceivedMail[];
  /** Logins attempted so far, accepted or not: the password travelled each time. */
  logins: number;
  /** Every later message is refused or left unanswered, until null. */
  setFault(fault: SmtpFault | null): void;
  /** Mail to this address is refused for good from now on (550 5.1.1 to RCPT TO), whatever the fault. */
  refuseAddress(address: string): void;
  /** Connections opened to it so far: a pool sends many mails over one. */
  connections: number;
  /** A count that moves with each step of every conversation: how a test's own clock knows the work has settled. */
  activity(): number;
  /** From now on each message is taken but its 250 held until `release()` (which also ends the hold). */
  hold(): { held(): number; release(): void };
  close(): Promise<void>;
}

const PASSWORD = 'stand-in-password';

/** `host`: the address it listens on and its URL names (loopback unless given); `clock`: what stamps each mail (a test's own). */
export async function startSmtpStandIn({
  mailbox,
  port = 0,
  host = '127.0.0.1',
  clock = Date.now,
}: {
  mailbox?: string;
  port?: number;
  host?: string;
  clock?: () => number;
} = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let fault: SmtpFault | null = null;
  let logins = 0;
  let connections = 0;
  let steps = 0;
  const refused = new Set<string>();
  let holding: (() => void)[] | null = null;
  const refusal = (responseCode: number, text: string) => Object.assign(new Error(text), { responseCode });
  if (mailbox) await mkdir(mailbox, { recursive: true });

  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and nothing leaves the machine.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    // A connection left hanging by the 'hang' fault does not hold up close().
    closeTimeout: 500,
    // Each reply's enhanced status is written below, as the situation has it, not smtp-server's guess from the code.
    hideENHANCEDSTATUSCODES: true,
    onConnect(_session, callback) {
      connections += 1;
      steps += 1;
      callback();
    },
    onClose() {
      steps += 1;
    },
    onMailFrom(_address, _session, callback) {
      steps += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      logins += 1;
      steps += 1;
      if (fault !== 'refuse_login' && auth.username === SMTP_STAND_IN_USER && auth.password === PASSWORD) return callback(null, { user: auth.username });
      callback(refusal(535, '5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address, _session, callback) {
      steps += 1;
      if (fault === 'reject_recipient' || refused.has(address.address)) return callback(refusal(550, '5.1.1 No such user here'));
      if (fault === 'deny_relay') return callback(refusal(554, '5.7.1 Relay access denied'));
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        steps += 1;
        if (fault === 'hang') return;
        if (fault === 'refuse') return callback(refusal(451, '4.3.0 Requested action aborted: try again later'));
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
          atMs: clock(),
        };
        received.push(mail);
        const saved = mailbox ? writeFile(path.join(mailbox, `${String(received.length).padStart(3, '0')}.eml`), mail.raw) : Promise.resolve();
        const answer = () =>
          saved.then(
            () => callback(),
            (error: Error) => callback(error),
          );
        if (holding) holding.push(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.server.address() as AddressInfo;

  return {
    url(options = {}) {
      const query = new URLSearchParams(Object.entries(options).map(([key, value]) => [key, String(value)])).toString();
      return `smtp://${SMTP_STAND_IN_USER}:${PASSWORD}@${host}:${bound}${query ? `?${query}` : ''}`;
    },
    received,
    get logins() {
      return logins;
    },
    setFault(next) {
      fault = next;
    },
    refuseAddress(address) {
      refused.add(address);
    },
    get connections() {
      return connections;
    },
    activity: () => steps,
    hold() {
      const answers: (() => void)[] = [];
      holding = answers;
      return {
        held: () => answers.length,
        release() {
          if (holding === answers) holding = null;
          for (const answer of answers.splice(0)) answer();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
