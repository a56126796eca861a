import nodemailer from 'nodemailer';
import type { IcsMethod } from '../../../shared/logic/calendar';
import { smtpTlsOptions } from '../../config/smtpTls';
import { enhancedStatusOf, refusesEveryone, refusesRecipient } from './smtpRefusal';

/** One mail, ready for the SMTP client. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A calendar invite to attach, if any, and the METHOD its body says, which its MIME type must say too. */
  ics?: { filename: string; content: string; method: IcsMethod };
  /**
   * The same for every send of one purchase's mail of one kind: should a crash ever make a second one go out, mail
   * clients that recognise a Message-ID already received show it once.
   */
  messageId: string;
}

/** Sends one mail, or rejects with a MailError. */
export type Mailer = (message: MailMessage) => Promise<void>;

export class MailError extends Error {
  override name = 'MailError';
  constructor(
    /**
     * For the log: nodemailer's code, the SMTP reply code, its enhanced status and the command, never the reply's text
     * (it may quote the address).
     */
    readonly detail: string,
    /** The server named the recipient's address as what it refuses for good (server/fulfilment/mail/smtpRefusal.ts). */
    readonly permanent: boolean,
    /** The server refuses the site itself, for every buyer alike: sending stops until it relays again. */
    readonly refusesEveryone = false,
  ) {
    super(detail);
  }
}

/**
 * Bounds on each step of a send, so a stuck server costs a webhook delivery seconds, not minutes: nodemailer's own
 * defaults wait up to two minutes to connect and ten for a quiet socket.
 */
const CONNECTION_TIMEOUT_MS = 5_000;
const GREETING_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 10_000;

/**
 * A wave's mails share a few connections (a login each, not one a mail), as many as the sweep sends at once; a
 * connection idle this long is closed, so none is held between waves.
 */
const POOLED_CONNECTIONS = 4;
const POOL_IDLE_MS = 5_000;
/**
 * nodemailer's own log would print addresses and the conversation, and a URL's query would override what the code
 * sets: these never reach it from SMTP_URL, whatever production allows.
 */
const NEVER_FROM_THE_URL = ['logger', 'debug', 'transactionlog', 'pool'];

interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
  response?: unknown;
}

function failureOf(error: unknown): MailError {
  const { code, responseCode, command, response } = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const reply = typeof responseCode === 'number' ? responseCode : null;
  const enhanced = typeof response === 'string' ? enhancedStatusOf(response) : null;
  const smtpCommand = typeof command === 'string' && /^[A-Z ]{1,16}$/.test(command) ? command : null;
  const parts = [
    typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? code : 'unexpected failure',
    reply !== null ? `reply ${reply}${enhanced ? ` ${enhanced}` : ''}` : null,
    smtpCommand ? `to ${smtpCommand}` : null,
  ];
  return new MailError(parts.filter(Boolean).join(' '), refusesRecipient(reply, enhanced, smtpCommand), refusesEveryone(reply, enhanced, smtpCommand));
}

/** SMTP_URL without the query options that only the code may set. */
function transportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const key of [...url.searchParams.keys()]) if (NEVER_FROM_THE_URL.includes(key.toLowerCase())) url.searchParams.delete(key);
  return url.href;
}

/**
 * nodemailer over SMTP_URL, through a small pool of connections. Plain smtp:// to another machine must upgrade with
 * STARTTLS before logging in (server/config/smtpTls.ts).
 */
export function smtpMailer(smtpUrl: string, from: { address: string; name: string | null }, replyTo: string): Mailer {
  const transport = nodemailer.createTransport({
    url: transportUrl(smtpUrl),
    ...smtpTlsOptions(new URL(smtpUrl)),
    pool: true,
    maxConnections: POOLED_CONNECTIONS,
    idleTimeout: POOL_IDLE_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    logger: false,
    debug: false,
  });
  return async (message) => {
    try {
      await transport.sendMail({
        from: from.name ? { name: from.name, address: from.address } : from.address,
        to: message.to,
        replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        attachments: message.ics
          ? [{ filename: message.ics.filename, content: message.ics.content, contentType: `text/calendar; charset=utf-8; method=${message.ics.method}` }]
          : [],
      });
    } catch (error) {
      throw failureOf(error);
    }
  };
}
