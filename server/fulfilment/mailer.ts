import nodemailer from 'nodemailer';
import type { ConfirmationMessage } from './message';

/** Sends one mail, or rejects with a MailError. */
export type Mailer = (message: ConfirmationMessage) => Promise<void>;

export class MailError extends Error {
  override name = 'MailError';
  constructor(
    /** For the log: nodemailer's code, the SMTP reply code and the command, never the reply text (it may quote the address). */
    readonly detail: string,
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
  return new MailError(parts.filter(Boolean).join(' '));
}

/** nodemailer over SMTP_URL, one connection per mail (a confirmation is rare; a pool would hold a socket for nothing). */
export function smtpMailer(smtpUrl: string, from: { address: string; name: string | null }, replyTo: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
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
        attachments: [{ filename: message.ics.filename, content: message.ics.content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
      });
    } catch (error) {
      throw failureOf(error);
    }
  };
}
