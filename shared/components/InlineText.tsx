import type { Inline } from '../content/legalTexts';

/** A run of text with its links, from shared/content/legalTexts.ts. The parts are a fixed text, never reordered: their place is their key. */
export function InlineText({ parts }: { parts: readonly Inline[] }) {
  return parts.map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's parts, never reordered
      <a key={index} href={part.href}>
        {part.text}
      </a>
    ),
  );
}
