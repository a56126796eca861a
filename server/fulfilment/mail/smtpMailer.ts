import nodemailer from 'nodemailer';
import type { IcsMethod } from '../../../shared/logic/calendar';
import { smtpTlsOptions } from '../../config/smtpTls';

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
    /** For the log: nodemailer's code, the SMTP reply code and the command, never the reply text (it may quote the address). */
    readonly detail: string,
    /** The server refused the recipient for good (a 5xx to RCPT TO: no such user): sending again would not help. */
    readonly permanent: boolean,
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

interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

function failureOf(error: unknown): MailError {
  const { code, responseCode, command } = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const parts = [
    typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? code : 'unexpected failure',
    typeof responseCode === 'number' ? `reply ${responseCode}` : null,
    typeof command === 'string' && /^[A-Z ]{1,16}$/.test(command) ? `to ${command}` : null,
  ];
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && command === 'RCPT TO';
  return new MailError(parts.filter(Boolean).join(' '), permanent);
}

/**
 * nodemailer over SMTP_URL, one connection per mail (mails come a few at a time; a pool would hold a socket for
 * nothing). Plain smtp:// to another machine must upgrade with STARTTLS before logging in (server/config/smtpTls.ts).
 */
export function smtpMailer(smtpUrl: string, from: { address: string; name: string | null }, replyTo: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...smtpTlsOptions(new URL(smtpUrl)),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // Its own logger off: it would print addresses and the conversation.
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
