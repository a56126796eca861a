import { useEffect, useState } from 'react';
import { promptCopy } from '../content';
import type { PromptCopyProps } from './types';
import { Toaster, useToast } from './Toaster';

function CopyButton({ label, ready, onCopy }: { label: string; ready: boolean; onCopy: () => void }) {
  return (
    <button type="button" className="btn btn--primary copy-button" data-ready={ready} disabled={!ready} onClick={onCopy}>
      {label}
    </button>
  );
}

/**
 * The prompt as selectable text, with two copy buttons. The buttons stay hidden and disabled until the
 * script has run, so a visitor without JavaScript is never offered a control that cannot work.
 */
export default function PromptCopy({ prompt }: PromptCopyProps) {
  const [ready, setReady] = useState(false);
  const { toast, show, dismiss, hold } = useToast();
  useEffect(() => setReady(true), []);

  const copy = async (): Promise<void> => {
    try {
      // navigator.clipboard is missing on insecure origins: that lands in the catch as well.
      await navigator.clipboard.writeText(prompt);
      show({ tone: 'success', ...promptCopy.toastSuccess });
    } catch {
      show({ tone: 'destructive', ...promptCopy.toastError });
    }
  };
  const onCopy = (): void => void copy();

  return (
    <div className="prompt">
      <div className="prompt__toolbar">
        <CopyButton label={promptCopy.copyAll} ready={ready} onCopy={onCopy} />
        <p className="prompt__hint">{promptCopy.manualHint}</p>
      </div>
      {/* A named, focusable region: aria-label is not allowed on a bare <pre> (its role is generic). */}
      {/* biome-ignore lint/a11y/useSemanticElements: the prompt's whitespace needs <pre>, and a scrollable region needs a name */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <pre className="prompt__text" role="region" tabIndex={0} aria-label={promptCopy.promptLabel}>
        {prompt}
      </pre>
      <div className="prompt__toolbar prompt__toolbar--end">
        <CopyButton label={promptCopy.copyFull} ready={ready} onCopy={onCopy} />
      </div>
      <Toaster toast={toast} onDismiss={dismiss} onHold={hold} />
    </div>
  );
}
