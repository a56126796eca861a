/**
 * A real SMTP server for the tests and `npm run dev:stripe` (the `smtp-server` package, nodemailer's authors'): it
 * takes the site's confirmation mails over SMTP with a login, as a provider would, keeps each message as it
 * arrived, and can write each to a folder as a .eml file a mail client opens. It can refuse (a 451, as a provider
 * over its limits answers) or hang (never answer the message), for the fault tests. Production refuses its user
 * name in SMTP_URL (server/config/standInSmtpUser.ts).
 * Node runs this file as it is (type stripping): erasable TypeScript only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { SMTP_STAND_IN_USER } from '../../server/config/standInSmtpUser.ts';

export type SmtpFault = 'refuse' | 'hang';

export interface ReceivedMail {
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
  /** Every later message is refused or left unanswered, until null. */
  setFault(fault: SmtpFault | null): void;
  close(): Promise<void>;
}

const PASSWORD = 'stand-in-password';

export async function startSmtpStandIn({ mailbox, port = 0 }: { mailbox?: string; port?: number } = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let fault: SmtpFault | null = null;
  if (mailbox) await mkdir(mailbox, { recursive: true });

  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and nothing leaves the machine.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    // A connection left hanging by the 'hang' fault does not hold up close().
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_STAND_IN_USER && auth.password === PASSWORD) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;

  return {
    url(options = {}) {
      const query = new URLSearchParams(Object.entries(options).map(([key, value]) => [key, String(value)])).toString();
      return `smtp://${SMTP_STAND_IN_USER}:${PASSWORD}@127.0.0.1:${bound}${query ? `?${query}` : ''}`;
    },
    received,
    setFault(next) {
      fault = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
