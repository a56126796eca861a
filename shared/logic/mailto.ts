/** A mailto link that opens a message with its subject filled in. */
export const mailtoWithSubject = (address: string, subject: string): string => `mailto:${address}?subject=${encodeURIComponent(subject)}`;
