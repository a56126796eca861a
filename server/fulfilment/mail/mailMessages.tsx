import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cancellationMail } from '../../../shared/content/cancellationMailWords';
import { confirmation } from '../../../shared/content/confirmationMailWords';
import { dateChangeMail } from '../../../shared/content/dateChangeMailWords';
import { recordingMail } from '../../../shared/content/recordingMailWords';
import { refundMail } from '../../../shared/content/refundMailWords';
import { reminderMails } from '../../../shared/content/reminderMailWords';
import { CancellationMail, cancellationText } from '../../../shared/components/mail/CancellationMail';
import { ConfirmationMail, confirmationText } from '../../../shared/components/mail/ConfirmationMail';
import { DateChangeMail, dateChangeText } from '../../../shared/components/mail/DateChangeMail';
import { RecordingMail, recordingText } from '../../../shared/components/mail/RecordingMail';
import { RefundMail, refundText } from '../../../shared/components/mail/RefundMail';
import { ReminderMail, reminderText } from '../../../shared/components/mail/ReminderMail';
import type { IcsMethod } from '../../../shared/logic/calendar';
import { moneyLabel } from '../../../shared/logic/money';
import { calendarDateLabel, isoInWorkshopZone } from '../../../shared/logic/schedule';
import type { BuyerInvite } from './buyerInvite';
import type { MailMessage } from './smtpMailer';
import type { MailKind } from '../records/purchaseRecord';
import { bonificationOf, moneyBackOf } from '../records/refundTerms';
import type { Purchase } from '../records/purchase';
import { type EditionTerms, journeyOf } from '../records/purchaseJourney';

/** A Message-ID's left part, per kind: one purchase's mail of one kind about one start has one Message-ID, however often it goes. */
const ID_PREFIX: Record<MailKind, string> = {
  confirmation: 'confirmacion',
  date_change: 'nueva-fecha',
  day_before: 'recordatorio-dia',
  hour_before: 'recordatorio-hora',
  recording: 'grabacion',
  refund: 'reembolso',
  cancellation: 'cancelacion',
};

const html = (element: ReactElement): string => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

/** The start a mail is about, in a Message-ID: its date and time in Mexico City, "20251008-2000". */
const startStamp = (startMs: number): string => isoInWorkshopZone(startMs).slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

export interface MailMessagesOptions {
  invite: BuyerInvite;
  /** The edition in force at an instant: each purchase's own journey is read against it (server/fulfilment/records/purchaseJourney.ts). */
  edition: (nowMs: number) => EditionTerms;
  /** The buyer's personal link. */
  accessUrlOf: (sessionId: string) => string;
  /** An opaque, stable reference to the purchase, for its Message-IDs. */
  referenceOf: (sessionId: string) => string;
  /** MAIL_FROM's domain, the Message-IDs' right part. */
  mailDomain: string;
}

/**
 * Each mail of the buyer's journey, in Spanish, plain and HTML, with the personal link and the contact, about the
 * purchase's own workshop. `attempt` is the claim the mail goes under: a new date's invite takes it as its SEQUENCE, and
 * a cancelling invite adds it to the last new date's, so that each copy is newer than every one sent before it.
 */
export function mailMessages({ invite, edition, accessUrlOf, referenceOf, mailDomain }: MailMessagesOptions) {
  return (purchase: Purchase, kind: MailKind, nowMs: number, attempt: number): MailMessage => {
    const journey = journeyOf(purchase, edition(nowMs), nowMs);
    const { startMs } = journey;
    const accessUrl = accessUrlOf(purchase.sessionId);
    const facts = invite.facts(startMs, purchase.firstName, accessUrl);
    const envelope = { to: purchase.email, messageId: `<${ID_PREFIX[kind]}-${startStamp(startMs)}-${referenceOf(purchase.sessionId)}@${mailDomain}>` };
    const ics = (method: IcsMethod, sequence: number) => ({
      filename: confirmation.icsFileName,
      method,
      content: invite.ics({
        startMs,
        uid: journey.uid,
        sequence,
        method,
        ...(method !== 'PUBLISH' && { attendee: purchase.email }),
        accessUrl,
        stampMs: nowMs,
      }),
    });
    const cancelling = journey.sequence + attempt;
    if (kind === 'confirmation') {
      return {
        ...envelope,
        subject: confirmation.subject,
        text: confirmationText(facts),
        html: html(<ConfirmationMail {...facts} />),
        ics: ics('PUBLISH', journey.sequence),
      };
    }
    if (kind === 'date_change') {
      const bonus = purchase.paid && bonificationOf(purchase, 'date_change');
      const change = { ...facts, offer: purchase.paid && bonus ? { paid: moneyLabel(purchase.paid), bonus: moneyLabel(bonus) } : null };
      return {
        ...envelope,
        subject: dateChangeMail.subject(facts.whenLabel),
        text: dateChangeText(change),
        html: html(<DateChangeMail facts={change} />),
        ics: ics('REQUEST', attempt),
      };
    }
    if (kind === 'cancellation') {
      const cancelled = { ...facts, money: moneyBackOf(purchase, 'cancelled') };
      return {
        ...envelope,
        subject: cancellationMail.subject(facts.whenLabel),
        text: cancellationText(cancelled),
        html: html(<CancellationMail facts={cancelled} />),
        ics: ics('CANCEL', cancelling),
      };
    }
    if (kind === 'refund') {
      // Only a purchase the site refunds is owed this mail, and its mark says why; a made-up one reads as a late payment.
      const reason: 'after_end' | 'date_change' = purchase.refundReason === 'date_change' ? 'date_change' : 'after_end';
      // A late payment was never confirmed, so it has no event to remove; a buyer who gave up a new date has one.
      const calendarRemoved = reason === 'date_change';
      const refund = { ...facts, reason, money: moneyBackOf(purchase, reason), calendarRemoved };
      return {
        ...envelope,
        subject: refundMail.subject,
        text: refundText(refund),
        html: html(<RefundMail facts={refund} />),
        ...(calendarRemoved && { ics: ics('CANCEL', cancelling) }),
      };
    }
    if (kind === 'recording') {
      const recording = {
        ...facts,
        recordingUntilLabel: calendarDateLabel(isoInWorkshopZone(journey.timeline.recordingUntilMs).slice(0, 10)),
        recordingEnded: nowMs > journey.timeline.recordingUntilMs,
      };
      return { ...envelope, subject: recordingMail.subject, text: recordingText(recording), html: html(<RecordingMail facts={recording} />) };
    }
    const reminder = kind === 'day_before' ? 'dayBefore' : 'hourBefore';
    return {
      ...envelope,
      subject: reminderMails[reminder].subject,
      text: reminderText(reminder, facts),
      html: html(<ReminderMail reminder={reminder} facts={facts} />),
    };
  };
}
