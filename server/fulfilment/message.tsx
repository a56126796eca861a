import { renderToStaticMarkup } from 'react-dom/server';
import { confirmation } from '../../shared/content';
import { ConfirmationMail, confirmationText } from '../../shared/components/mail/ConfirmationMail';
import type { BuyerInvite } from './invite';

/** One confirmation mail, ready for the SMTP client. */
export interface ConfirmationMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The calendar invite, attached. */
  ics: { filename: string; content: string };
  /**
   * The same for every send of one purchase's confirmation: should a crash ever make a second one go out, mail
   * clients that recognise a Message-ID already received show it once.
   */
  messageId: string;
}

/** The confirmation for one paid purchase, at `nowMs` (the invite's stamp). */
export function confirmationMessage(
  invite: BuyerInvite,
  buyer: { email: string; firstName: string | null; paymentIntentId: string },
  mailDomain: string,
  nowMs: number,
): ConfirmationMessage {
  const facts = invite.facts(buyer.firstName);
  return {
    to: buyer.email,
    subject: confirmation.subject,
    text: confirmationText(facts),
    html: `<!DOCTYPE html>${renderToStaticMarkup(<ConfirmationMail {...facts} />)}`,
    ics: { filename: confirmation.icsFileName, content: invite.ics(nowMs) },
    messageId: `<confirmacion-${buyer.paymentIntentId}@${mailDomain}>`,
  };
}
