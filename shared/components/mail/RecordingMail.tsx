import { recordingMail } from '../../content/recordingMailWords';
import { closingLines, listLines, MailButton, MailClosing, type MailFacts, MailFrame, MailList, mailText } from './MailFrame';

/** The recording mail's facts: the buyer's, and until when the recording is offered (or since when it is not). */
export interface RecordingFacts extends MailFacts {
  /** The last day, in words with its year. */
  recordingUntilLabel: string;
  recordingEnded: boolean;
}

const untilLine = ({ recordingEnded, recordingUntilLabel }: RecordingFacts): string =>
  `${recordingEnded ? recordingMail.ended : recordingMail.until} ${recordingUntilLabel}.`;

/** The HTML part of "Tu grabación y tus materiales": the personal link, where they all are. */
export function RecordingMail({ facts }: { facts: RecordingFacts }) {
  const words = recordingMail;
  return (
    <MailFrame title={words.subject} heading={words.heading(facts.firstName)}>
      <p style={mailText}>{words.lead}</p>
      <MailButton href={facts.accessUrl} label={words.cta} />
      <p style={mailText}>{recordingMail.personalNote}</p>
      <MailList title={words.includesTitle} items={words.includes} />
      <p style={mailText}>{untilLine(facts)}</p>
      <MailClosing contactEmail={facts.contactEmail} signOff={words.signOff} signature={facts.signature} />
    </MailFrame>
  );
}

/** The plain-text part. */
export function recordingText(facts: RecordingFacts): string {
  const words = recordingMail;
  return [
    words.heading(facts.firstName),
    '',
    words.lead,
    '',
    `${words.cta}:`,
    facts.accessUrl,
    recordingMail.personalNote,
    '',
    ...listLines(words.includesTitle, words.includes),
    untilLine(facts),
    '',
    ...closingLines(facts.contactEmail, words.signOff, facts.signature),
  ].join('\n');
}
