import { confirmation, details } from '../../../shared/content';
import { calendarUrl, icsCalendar, withJoinLink, workshopEvent, workshopUid } from '../../../shared/logic/calendar';
import { cityDateTimes, workshopSchedule } from '../../../shared/logic/schedule';
import type { MailFacts } from '../../../shared/components/mail/MailFrame';

const DAY_MINUTES = 24 * 60;

/** What a buyer is given besides their name and personal link, worked out once from the settings. */
export interface BuyerInvite {
  /** The mails' facts for a buyer of this first name, whose personal link this is. */
  facts(firstName: string | null, accessUrl: string): MailFacts;
  /** The calendar invite with the personal link and alarms a day and an hour before, stamped `stampMs`. */
  ics(accessUrl: string, stampMs: number): string;
  /** Google Calendar's pre-filled event, carrying the personal link. */
  googleCalendarUrl(accessUrl: string): string;
}

export interface InviteSettings {
  workshopStartMs: number;
  publicUrl: string;
  contactEmail: string;
  /** Who signs the mail and organises the event: TRAINER_NAME. */
  trainerName: string;
}

/**
 * The public calendar file's event and UID, with the buyer's personal link as its place: a calendar holding either
 * updates it in place, and the meeting's own link stays out of every calendar (calendars get shared).
 */
export function buyerInvite({ workshopStartMs, publicUrl, contactEmail, trainerName }: InviteSettings): BuyerInvite {
  const schedule = workshopSchedule(workshopStartMs);
  const event = workshopEvent(schedule);
  const cityTimes = cityDateTimes(schedule.startMs, details.cities);
  const uid = workshopUid(schedule.startMs, publicUrl);
  return {
    facts: (firstName, accessUrl) => ({ firstName, whenLabel: schedule.fullLabel, cityTimes, accessUrl, contactEmail, signature: trainerName }),
    ics: (accessUrl, stampMs) =>
      icsCalendar({
        event: withJoinLink(event, accessUrl),
        uid,
        stampMs,
        url: accessUrl,
        organizer: { name: trainerName, email: contactEmail },
        reminders: [
          { text: confirmation.reminders.dayBefore, minutes: DAY_MINUTES },
          { text: confirmation.reminders.hourBefore, minutes: 60 },
        ],
      }),
    googleCalendarUrl: (accessUrl) => calendarUrl(withJoinLink(event, accessUrl)),
  };
}
