/**
 * A real SMTP server for the tests and `npm run dev:stripe` (the `smtp-server` package, nodemailer's authors'): it
 * takes the site's mails to buyers over SMTP with a login, as a provider would, keeps each message as it
 * arrived, and can write each to a folder as a .eml file a mail client opens. For the fault tests it can refuse for a
 * while (a 451, as a provider over its limits answers), hang (never answer the message), refuse a recipient for good
 * (550 to RCPT TO: no such user) or refuse the login (535: a revoked password). It offers no STARTTLS, as a server
 * whose STARTTLS an attacker on the way has stripped looks. Production refuses its user name in SMTP_URL
 * (server/config/standInSmtpUser.ts).
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { SMTP_STAND_IN_USER } from '../../server/config/standInSmtpUser.ts';

type SmtpFault = 'refuse' | 'hang' | 'reject_recipient' | 'refuse_login';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers and body. */
  raw: Buffer;
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
  close(): Promise<void>;
}

const PASSWORD = 'stand-in-password';

/** `host`: the address it listens on and its URL names (loopback unless given). */
export async function startSmtpStandIn({
  mailbox,
  port = 0,
  host = '127.0.0.1',
}: {
  mailbox?: string;
  port?: number;
  host?: string;
} = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let fault: SmtpFault | null = null;
  let logins = 0;
  if (mailbox) await mkdir(mailbox, { recursive: true });

  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and nothing leaves the machine.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    // A connection left hanging by the 'hang' fault does not hold up close().
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      logins += 1;
      if (fault !== 'refuse_login' && auth.username === SMTP_STAND_IN_USER && auth.password === PASSWORD) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (fault === 'reject_recipient') return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (fault === 'hang') return;
        if (fault === 'refuse') {
          const refusal = Object.assign(new Error('Requested action aborted: try again later'), { responseCode: 451 });
          return callback(refusal);
        }
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        };
        received.push(mail);
        const saved = mailbox ? writeFile(path.join(mailbox, `${String(received.length).padStart(3, '0')}.eml`), mail.raw) : Promise.resolve();
        saved.then(
          () => callback(),
          (error: Error) => callback(error),
        );
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
