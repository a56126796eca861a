import { randomBytes } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { codeMail, morningMail, signInMail } from '../../shared/content/panelMailWords';
import {
  CodeMail,
  type CodeFacts,
  codeText,
  MorningMail,
  type MorningFacts,
  morningText,
  SignInMail,
  type SignInFacts,
  signInText,
} from '../../shared/components/panel/OwnerMails';
import type { Mailer, MailMessage } from '../fulfilment/mail/smtpMailer';

const html = (element: ReactElement): string => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

/** The mails the site sends the seller herself, each to OWNER_EMAIL through the buyers' own mailer. */
export interface OwnerMails {
  signIn(facts: SignInFacts): Promise<void>;
  code(facts: CodeFacts): Promise<void>;
  morning(facts: MorningFacts & { summary: string }): Promise<void>;
}

/** Each mail's own Message-ID, under MAIL_FROM's domain: the owner's mails are never threaded with one another. */
export function ownerMails({ mailer, ownerEmail, mailDomain }: { mailer: Mailer; ownerEmail: string; mailDomain: string }): OwnerMails {
  const send = (kind: string, message: Omit<MailMessage, 'to' | 'messageId'>): Promise<void> =>
    mailer({ ...message, to: ownerEmail, messageId: `<panel-${kind}-${randomBytes(9).toString('hex')}@${mailDomain}>` });
  return {
    signIn: (facts) => send('enlace', { subject: signInMail.subject, text: signInText(facts), html: html(<SignInMail {...facts} />) }),
    code: (facts) => send('codigo', { subject: codeMail.subject(facts.code), text: codeText(facts), html: html(<CodeMail {...facts} />) }),
    morning: ({ summary, ...facts }) =>
      send('manana', { subject: morningMail.subject(summary), text: morningText(facts), html: html(<MorningMail {...facts} />) }),
  };
}
