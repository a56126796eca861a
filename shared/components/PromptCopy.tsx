import { promptCopy } from '../content/promptPageWords';
import { Toaster } from './Toaster';

function CopyButton({ label }: { label: string }) {
  return (
    <button type="button" className="btn btn--primary copy-button" data-ready="false" disabled>
      {label}
    </button>
  );
}

/**
 * The prompt as selectable text, with two copy buttons. The buttons stay hidden and disabled until the page's
 * script wakes them (client/copyButtons.ts), so a visitor without JavaScript is never offered a control that cannot
 * work. No island: a tap on a button runs one listener, no React.
 */
export function PromptCopy({ prompt }: { prompt: string }) {
  return (
    <div className="prompt" data-prompt-copy="">
      <div className="prompt__toolbar">
        <CopyButton label={promptCopy.copyAll} />
        <p className="prompt__hint">{promptCopy.manualHint}</p>
      </div>
      {/* A named, focusable region: aria-label is not allowed on a bare <pre> (its role is generic). */}
      {/* biome-ignore lint/a11y/useSemanticElements: the prompt's whitespace needs <pre>, and a scrollable region needs a name */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <pre className="prompt__text" role="region" tabIndex={0} aria-label={promptCopy.promptLabel}>
        {prompt}
      </pre>
      <div className="prompt__toolbar prompt__toolbar--end">
        <CopyButton label={promptCopy.copyFull} />
      </div>
      <Toaster />
    </div>
  );
}
