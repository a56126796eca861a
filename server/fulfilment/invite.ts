import { confirmation, details } from '../../shared/content';
import { calendarUrl, icsCalendar, withJoinLink, workshopEvent, workshopUid } from '../../shared/logic/calendar';
import { cityDateTimes, workshopSchedule } from '../../shared/logic/schedule';
import type { ConfirmationFacts } from '../../shared/components/mail/ConfirmationMail';

const DAY_MINUTES = 24 * 60;

/** What a paid buyer is given, besides their name: worked out once from the settings. */
export interface BuyerInvite {
  /** The confirmation's facts for a buyer of this first name. */
  facts(firstName: string | null): ConfirmationFacts;
  /** The calendar invite with the join link and reminders a day and an hour before, stamped `stampMs`. */
  ics(stampMs: number): string;
  /** Google Calendar's pre-filled event, carrying the join link. */
  googleCalendarUrl: string;
}

export interface InviteSettings {
  workshopStartMs: number;
  publicUrl: string;
  contactEmail: string;
  joinUrl: string;
  /** Who signs the mail and organises the event: TRAINER_NAME. */
  trainerName: string;
}

/** The public calendar file's event and UID, with the join link: a calendar holding either updates it in place. */
export function buyerInvite({ workshopStartMs, publicUrl, contactEmail, joinUrl, trainerName }: InviteSettings): BuyerInvite {
  const schedule = workshopSchedule(workshopStartMs);
  const event = withJoinLink(workshopEvent(schedule), joinUrl);
  const cityTimes = cityDateTimes(schedule.startMs, details.cities);
  return {
    facts: (firstName) => ({ firstName, whenLabel: schedule.fullLabel, cityTimes, joinUrl, contactEmail, signature: trainerName }),
    ics: (stampMs) =>
      icsCalendar({
        event,
        uid: workshopUid(schedule.startMs, publicUrl),
        stampMs,
        url: joinUrl,
        organizer: { name: trainerName, email: contactEmail },
        reminders: [
          { text: confirmation.reminders.dayBefore, minutes: DAY_MINUTES },
          { text: confirmation.reminders.hourBefore, minutes: 60 },
        ],
      }),
    googleCalendarUrl: calendarUrl(event),
  };
}
