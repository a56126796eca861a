import { journeyMails } from '../../content';
import { closingLines, listLines, MailButton, MailClosing, type MailFacts, MailFrame, MailList, mailText } from './MailFrame';

/** The recording mail's facts: the buyer's, and until when the recording is offered (or since when it is not). */
export interface RecordingFacts extends MailFacts {
  /** The last day, in words with its year. */
  recordingUntilLabel: string;
  recordingEnded: boolean;
}

const untilLine = ({ recordingEnded, recordingUntilLabel }: RecordingFacts): string =>
  `${recordingEnded ? journeyMails.recording.ended : journeyMails.recording.until} ${recordingUntilLabel}.`;

/** The HTML part of "Tu grabación y tus materiales": the personal link, where they all are. */
export function RecordingMail({ facts }: { facts: RecordingFacts }) {
  const words = journeyMails.recording;
  return (
    <MailFrame title={words.subject} heading={words.heading(facts.firstName)}>
      <p style={mailText}>{words.lead}</p>
      <MailButton href={facts.accessUrl} label={words.cta} />
      <p style={mailText}>{journeyMails.personalNote}</p>
      <MailList title={words.includesTitle} items={words.includes} />
      <p style={mailText}>{untilLine(facts)}</p>
      <MailClosing contactEmail={facts.contactEmail} signOff={words.signOff} signature={facts.signature} />
    </MailFrame>
  );
}

/** The plain-text part. */
export function recordingText(facts: RecordingFacts): string {
  const words = journeyMails.recording;
  return [
    words.heading(facts.firstName),
    '',
    words.lead,
    '',
    `${words.cta}:`,
    facts.accessUrl,
    journeyMails.personalNote,
    '',
    ...listLines(words.includesTitle, words.includes),
    untilLine(facts),
    '',
    ...closingLines(facts.contactEmail, words.signOff, facts.signature),
  ].join('\n');
}
