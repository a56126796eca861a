/** How long a toast stays unless closed. */
const TOAST_LIFETIME_MS = 5000;

type Tone = 'success' | 'destructive';

/** What keeps a toast on screen past its lifetime: the pointer over it, or focus inside it. */
type Hold = 'pointer' | 'focus';

/**
 * Wakes the prompt page's copy buttons (shared/components/PromptCopy.tsx): shows and enables them, and answers a
 * click with one listener for the whole block. A copy puts the exact prompt on the clipboard and says so in a
 * toast, or says it could not; one toast at a time, each new one in place of the last, gone after a few seconds or
 * at its close button. The seconds stop while the visitor points at the toast or has focus in it (time to read it,
 * or to reach its close button by keyboard), and start again in full once they leave. Returns what stops it.
 */
export function wakeCopyButtons(root: Document): () => void {
  const block = root.querySelector<HTMLElement>('[data-prompt-copy]');
  if (!block) return () => undefined;
  const prompt = block.querySelector('pre')?.textContent ?? '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const holds = new Set<Hold>();
  const dismiss = (): void => {
    clearTimeout(timer);
    // A toast removed under the pointer or with focus inside reports no leave: its holds go with it.
    holds.clear();
    for (const toast of block.querySelectorAll('.toast')) toast.remove();
  };
  const startLifetime = (): void => {
    clearTimeout(timer);
    if (holds.size === 0) timer = setTimeout(dismiss, TOAST_LIFETIME_MS);
  };
  const show = (tone: Tone): void => {
    dismiss();
    const template = block.querySelector<HTMLTemplateElement>(`template[data-toast="${tone}"]`);
    if (template) block.querySelector(`[data-toasts="${tone}"]`)?.append(template.content.cloneNode(true));
    startLifetime();
  };
  /** Whether an event crosses a toast's edge: into it from outside, or out of it to outside. */
  const crossesToast = (event: Event): boolean => {
    const toast = event.target instanceof Element ? event.target.closest('.toast') : null;
    const other = (event as MouseEvent | FocusEvent).relatedTarget;
    return toast !== null && !(other instanceof Node && toast.contains(other));
  };
  const hold = (reason: Hold, held: boolean): void => {
    if (held) {
      holds.add(reason);
      clearTimeout(timer);
    } else if (holds.delete(reason)) {
      startLifetime();
    }
  };
  const copy = async (): Promise<void> => {
    try {
      // navigator.clipboard is missing on insecure origins: that lands in the catch as well.
      await navigator.clipboard.writeText(prompt);
      show('success');
    } catch {
      show('destructive');
    }
  };
  const listening = new AbortController();
  block.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('.toast__close')) dismiss();
      else if (target?.closest('.copy-button')) void copy();
    },
    { signal: listening.signal },
  );
  for (const [type, reason, held] of [
    ['mouseover', 'pointer', true],
    ['mouseout', 'pointer', false],
    ['focusin', 'focus', true],
    ['focusout', 'focus', false],
  ] as const) {
    block.addEventListener(type, (event) => crossesToast(event) && hold(reason, held), { signal: listening.signal });
  }
  for (const button of block.querySelectorAll<HTMLButtonElement>('.copy-button')) {
    button.disabled = false;
    button.dataset.ready = 'true';
  }
  return () => {
    listening.abort();
    dismiss();
  };
}
