/**
 * The reminders' words, a day and an hour before the workshop (laid out by shared/components/mail/ReminderMail.tsx,
 * composed in server/fulfilment/mail/mailMessages.tsx). Their moment is `journeyTimeline` in shared/logic/journey.ts;
 * who gets one, and how late it may still go, `REMINDERS` in server/fulfilment/settle/dueNow.ts. The parts they share
 * with the confirmation (when, the cities, the link's button and note, what to prepare, the sign-off) are in
 * confirmationMailWords.ts. Other texts promise them ("un día antes y una hora antes"): the FAQ's `automaticAnswer`
 * (landingPageWords.ts), `confirmation.next` (confirmationMailWords.ts), `access.before.remindersNote`
 * (accessPageWords.ts), the terms and the privacy notice (legalTexts.ts): change them with the reminders.
 */
import { OPENS_BEFORE_MINUTES, workshop } from './siteFacts';

/** The mails a day and an hour before the workshop (docs/fulfilment.md), each with the buyer's personal link. */
export const reminderMails = {
  dayBefore: {
    subject: 'Mañana es el taller: Marca de Autoridad con IA',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, ¡mañana es el taller!` : '¡Mañana es el taller!'),
    lead: 'Te esperamos mañana en el taller en vivo Marca de Autoridad con IA. Aquí tienes la hora en tu ciudad, tu enlace y lo que conviene tener a la mano.',
  },
  hourBefore: {
    subject: 'Empezamos en una hora: Marca de Autoridad con IA',
    heading: (firstName: string | null): string => (firstName ? `${firstName}, ¡empezamos en una hora!` : '¡Empezamos en una hora!'),
    lead: 'El taller en vivo empieza en una hora. Ten listo lo que vamos a usar y entra desde tu enlace personal: te esperamos.',
  },
  accessTitle: 'Tu enlace personal',
  accessText: `Se abre ${OPENS_BEFORE_MINUTES} minutos antes de empezar y te lleva directo a ${workshop.meetingService}.`,
} as const;
