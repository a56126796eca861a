import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { confirmation, journeyMails, refundMail } from '../../../shared/content';
import { ConfirmationMail, confirmationText } from '../../../shared/components/mail/ConfirmationMail';
import { RecordingMail, recordingText } from '../../../shared/components/mail/RecordingMail';
import { RefundMail, refundText } from '../../../shared/components/mail/RefundMail';
import { ReminderMail, reminderText } from '../../../shared/components/mail/ReminderMail';
import type { JourneyTimeline } from '../../../shared/logic/journey';
import { calendarDateLabel, isoInWorkshopZone } from '../../../shared/logic/schedule';
import type { BuyerInvite } from './buyerInvite';
import type { MailMessage } from './smtpMailer';
import type { MailKind } from '../records/mailMarks';
import type { Purchase } from '../records/purchase';

/** A Message-ID's left part, per kind: one purchase's mail of one kind has one Message-ID, however often it goes. */
const ID_PREFIX: Record<MailKind, string> = {
  confirmation: 'confirmacion',
  day_before: 'recordatorio-dia',
  hour_before: 'recordatorio-hora',
  recording: 'grabacion',
  refund: 'reembolso',
};

const html = (element: ReactElement): string => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

export interface MailMessagesOptions {
  invite: BuyerInvite;
  timeline: JourneyTimeline;
  /** The buyer's personal link. */
  accessUrlOf: (sessionId: string) => string;
  /** An opaque, stable reference to the purchase, for its Message-IDs. */
  referenceOf: (sessionId: string) => string;
  /** MAIL_FROM's domain, the Message-IDs' right part. */
  mailDomain: string;
}

/** Each mail of the buyer's journey, in Spanish, plain and HTML, with the personal link and the contact. */
export function mailMessages({ invite, timeline, accessUrlOf, referenceOf, mailDomain }: MailMessagesOptions) {
  return (purchase: Purchase, kind: MailKind, nowMs: number): MailMessage => {
    const accessUrl = accessUrlOf(purchase.sessionId);
    const facts = invite.facts(purchase.firstName, accessUrl);
    const envelope = { to: purchase.email, messageId: `<${ID_PREFIX[kind]}-${referenceOf(purchase.sessionId)}@${mailDomain}>` };
    if (kind === 'confirmation') {
      return {
        ...envelope,
        subject: confirmation.subject,
        text: confirmationText(facts),
        html: html(<ConfirmationMail {...facts} />),
        ics: { filename: confirmation.icsFileName, content: invite.ics(accessUrl, nowMs) },
      };
    }
    if (kind === 'refund') {
      // Only a purchase the site refunds is owed this mail, and its mark says why; a made-up one reads as a late payment.
      const refund = { ...facts, reason: purchase.refundReason ?? 'after_end', byTransfer: purchase.paidInCash };
      return { ...envelope, subject: refundMail.subject, text: refundText(refund), html: html(<RefundMail facts={refund} />) };
    }
    if (kind === 'recording') {
      const recording = {
        ...facts,
        recordingUntilLabel: calendarDateLabel(isoInWorkshopZone(timeline.recordingUntilMs).slice(0, 10)),
        recordingEnded: nowMs > timeline.recordingUntilMs,
      };
      return { ...envelope, subject: journeyMails.recording.subject, text: recordingText(recording), html: html(<RecordingMail facts={recording} />) };
    }
    const reminder = kind === 'day_before' ? 'dayBefore' : 'hourBefore';
    return {
      ...envelope,
      subject: journeyMails[reminder].subject,
      text: reminderText(reminder, facts),
      html: html(<ReminderMail reminder={reminder} facts={facts} />),
    };
  };
}
