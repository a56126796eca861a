import { confirmation } from '../../../shared/content/confirmationMailWords';
import { details } from '../../../shared/content/landingPageWords';
import { calendarUrl, type IcsMethod, icsCalendar, withJoinLink, workshopEvent } from '../../../shared/logic/calendar';
import { cityDateTimes, workshopSchedule } from '../../../shared/logic/schedule';
import type { MailFacts } from '../../../shared/components/mail/MailFrame';

const DAY_MINUTES = 24 * 60;

/** One copy of a buyer's event: its start, the UID and SEQUENCE it carries, what it asks of the calendar, and for whom. */
interface InviteCopy {
  startMs: number;
  uid: string;
  sequence: number;
  method: IcsMethod;
  /** The buyer's address: a REQUEST or a CANCEL names it. */
  attendee?: string;
  accessUrl: string;
  stampMs: number;
}

/** What a buyer is given besides their name and personal link, for the start of their own workshop. */
export interface BuyerInvite {
  /** The mails' facts for a buyer of this first name, whose workshop starts at `startMs` and whose personal link this is. */
  facts(startMs: number, firstName: string | null, accessUrl: string): MailFacts;
  /** The calendar invite with the personal link and alarms a day and an hour before. */
  ics(copy: InviteCopy): string;
  /** Google Calendar's pre-filled event, carrying the personal link. */
  googleCalendarUrl(startMs: number, accessUrl: string): string;
}

export interface InviteSettings {
  contactEmail: string;
  /** Who signs the mail and organises the event: TRAINER_NAME. */
  trainerName: string;
}

/**
 * The public calendar file's event, with the buyer's personal link as its place and their edition's UID: a calendar
 * holding either updates it in place, and the meeting's own link stays out of every calendar (calendars get shared).
 */
export function buyerInvite({ contactEmail, trainerName }: InviteSettings): BuyerInvite {
  const eventAt = (startMs: number) => workshopEvent(workshopSchedule(startMs));
  return {
    facts(startMs, firstName, accessUrl) {
      const schedule = workshopSchedule(startMs);
      return {
        firstName,
        whenLabel: schedule.fullLabel,
        cityTimes: cityDateTimes(startMs, details.cities),
        accessUrl,
        contactEmail,
        signature: trainerName,
      };
    },
    ics: ({ startMs, uid, sequence, method, attendee, accessUrl, stampMs }) =>
      icsCalendar({
        event: withJoinLink(eventAt(startMs), accessUrl),
        uid,
        method,
        sequence,
        ...(attendee && { attendee }),
        stampMs,
        url: accessUrl,
        organizer: { name: trainerName, email: contactEmail },
        reminders: [
          { text: confirmation.reminders.dayBefore, minutes: DAY_MINUTES },
          { text: confirmation.reminders.hourBefore, minutes: 60 },
        ],
      }),
    googleCalendarUrl: (startMs, accessUrl) => calendarUrl(withJoinLink(eventAt(startMs), accessUrl)),
  };
}
