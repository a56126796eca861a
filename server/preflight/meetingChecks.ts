import { workshop } from '../../shared/content/siteFacts';
import { type Check, fail, ok, warn } from './preflightCheck';

/** A meeting service: how its join links look, and what only its host can set up. */
interface MeetingService {
  name: string;
  host: RegExp;
  /** The path (and query) of a join link. */
  path: RegExp;
  example: string;
  /** What no API can check: the host's plan, the recording, who lets buyers in (never an open meeting). */
  checklist: { plan: string; recording: string; guests: string };
}

const minutes = workshop.durationMinutes;

/**
 * Why no meeting is open to anyone with its link: the link reaches every buyer, and any one of them can post it. Each
 * service's checklist asks for a waiting room or a lobby instead, with the host (or a co-host) letting buyers in.
 */
const WHY_ADMIT =
  'an open meeting lets in anyone with its link, and one buyer posting it brings strangers into the live session; admit the names you expect (docs/operations.md, "Letting buyers in")';

const SERVICES: MeetingService[] = [
  {
    name: 'Google Meet',
    host: /^meet\.google\.com$/,
    path: /^\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/,
    example: 'https://meet.google.com/abc-defg-hij',
    checklist: {
      plan: `on a free Google account, calls of 3 or more end at 60 minutes, and the workshop lasts ${minutes} minutes: host it from a paid Google Workspace account`,
      recording: 'recording needs a paid Google Workspace plan (Business Standard or higher): check that Record is in your meeting menu, and start it yourself',
      guests: `set Host controls → Meeting access to Restricted (Trusted at most), never Open, so that buyers knock, and be there (or a co-host) to admit each one: ${WHY_ADMIT}`,
    },
  },
  {
    name: 'Zoom',
    host: /(^|\.)zoom\.(us|com)$/,
    path: /^\/(j|w)\/\d{9,11}$|^\/my\/[\w.-]+$/,
    example: 'https://zoom.us/j/12345678901?pwd=…',
    checklist: {
      plan: `a free Zoom account ends meetings at 40 minutes, and the workshop lasts ${minutes} minutes: host it from a paid plan`,
      recording: 'cloud recording needs a paid plan: turn on automatic recording in the meeting settings, or start it yourself',
      guests: `keep the waiting room on for everyone, and be there (or a co-host) to admit each buyer: ${WHY_ADMIT}`,
    },
  },
  {
    name: 'Microsoft Teams',
    host: /^teams\.(microsoft|live)\.com$/,
    path: /^\/l\/meetup-join\/.+|^\/meet\/\d+$/,
    example: 'https://teams.microsoft.com/meet/123456789?p=…',
    checklist: {
      plan: `free Teams ends group calls at 60 minutes, and the workshop lasts ${minutes} minutes: host it from a Microsoft 365 business account`,
      recording: "recording needs a business licence and the organisation's permission: check that Start recording is in your meeting menu",
      guests: `set "Who can bypass the lobby" to Only organizers and co-organizers (never Everyone) and "People dialing in can bypass the lobby" off, and be there (or a co-organizer) to admit each buyer from the lobby: ${WHY_ADMIT}`,
    },
  },
  {
    name: 'Jitsi',
    host: /^(meet\.jit\.si|8x8\.vc)$/,
    path: /^\/[^/]+(\/[^/]+)?$/,
    example: 'https://meet.jit.si/TallerMarcaDeAutoridad',
    checklist: {
      plan: `check that your Jitsi service lets a meeting last ${minutes} minutes, and join first: the first to enter starts it as moderator`,
      recording: 'check how your Jitsi service records, and who starts it',
      guests: `turn the lobby on and be there as moderator to admit each buyer: ${WHY_ADMIT}`,
    },
  },
];

const GENERIC: MeetingService['checklist'] = {
  plan: `check that your plan lets a call last the workshop's ${minutes} minutes with every buyer in it`,
  recording: 'check that your plan records, and who starts the recording',
  guests: `turn on a waiting room or a lobby, and be there (or a co-host) to admit each buyer: ${WHY_ADMIT}`,
};

/** The service a link is of, by its host; null for one the preflight does not know. */
const serviceOf = (url: URL): MeetingService | null => SERVICES.find((service) => service.host.test(url.hostname)) ?? null;

/** The service the site's own texts name (workshop.meetingService in shared/content/siteFacts.ts). */
const namedInTexts = SERVICES.find((service) => service.name === workshop.meetingService) ?? null;

/**
 * MEETING_URL's shape for a known service (never the link itself: it is for buyers only), whether the texts name the
 * same service, and the checklist no API can check, as `warn` lines. Without MEETING_URL, the checklist of the
 * service the texts name.
 */
export function meetingChecks(meetingUrl: string | null): Check[] {
  const checks: Check[] = [];
  const url = meetingUrl ? new URL(meetingUrl) : null;
  const service = url ? serviceOf(url) : namedInTexts;
  if (url) {
    if (!service)
      checks.push(
        warn(
          'meeting.url',
          'meeting',
          'MEETING_URL',
          `not a link of a service the preflight knows (${SERVICES.map((known) => known.name).join(', ')}): open it yourself to see that it works`,
        ),
      );
    else if (!service.path.test(url.pathname))
      checks.push(
        fail(
          'meeting.url',
          'meeting',
          'MEETING_URL',
          `does not look like a ${service.name} join link (${service.example}): copy the link again from the meeting`,
        ),
      );
    else checks.push(ok('meeting.url', 'meeting', 'MEETING_URL', `a ${service.name} join link`));
    if (service && namedInTexts && service !== namedInTexts)
      checks.push(
        warn(
          'meeting.texts',
          'meeting',
          'Texts',
          `the page, the terms and the mails say ${namedInTexts.name}, but MEETING_URL is a ${service.name} link: change workshop.meetingService in shared/content/siteFacts.ts`,
        ),
      );
  }
  const checklist = service?.checklist ?? GENERIC;
  const where = service ? ` (${service.name})` : '';
  checks.push(warn('meeting.plan', 'meeting', `Host's plan${where}`, checklist.plan));
  checks.push(warn('meeting.recording', 'meeting', `Recording${where}`, checklist.recording));
  checks.push(warn('meeting.guests', 'meeting', `Letting buyers in${where}`, checklist.guests));
  return checks;
}
