/** How long a toast stays unless closed. */
const TOAST_LIFETIME_MS = 5000;

type Tone = 'success' | 'destructive';

/**
 * Wakes the prompt page's copy buttons (shared/components/PromptCopy.tsx): shows and enables them, and answers a
 * click with one listener for the whole block. A copy puts the exact prompt on the clipboard and says so in a
 * toast, or says it could not; one toast at a time, each new one in place of the last, gone after a few seconds or
 * at its close button. Returns what stops it.
 */
export function wakeCopyButtons(root: Document): () => void {
  const block = root.querySelector<HTMLElement>('[data-prompt-copy]');
  if (!block) return () => undefined;
  const prompt = block.querySelector('pre')?.textContent ?? '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = (): void => {
    clearTimeout(timer);
    for (const toast of block.querySelectorAll('.toast')) toast.remove();
  };
  const show = (tone: Tone): void => {
    dismiss();
    const template = block.querySelector<HTMLTemplateElement>(`template[data-toast="${tone}"]`);
    if (template) block.querySelector(`[data-toasts="${tone}"]`)?.append(template.content.cloneNode(true));
    timer = setTimeout(dismiss, TOAST_LIFETIME_MS);
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
  for (const button of block.querySelectorAll<HTMLButtonElement>('.copy-button')) {
    button.disabled = false;
    button.dataset.ready = 'true';
  }
  return () => {
    listening.abort();
    dismiss();
  };
}
