// @vitest-environment happy-dom
/**
 * The prompt page's copy buttons as served (shared/components/PromptCopy.tsx) and woken by client/copyButtons.ts:
 * no island, one listener.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wakeCopyButtons } from '../../client/copyButtons';
import { promptCopy, promptPage } from '../../shared/content/promptPageWords';
import { BEFORE_DEADLINE_MS } from '../helpers/testApp';
import { fakeDeviceClock, fetchPage, mountPage, textOf, until } from '../helpers/islands';

const LABELS = [promptCopy.copyAll, promptCopy.copyFull];

function copyButton(label: string): HTMLButtonElement {
  const button = [...document.querySelectorAll<HTMLButtonElement>('[data-prompt-copy] button')].find((candidate) => textOf(candidate) === label);
  if (!button) throw new Error(`No copy button "${label}"`);
  return button;
}

const status = (): HTMLElement => document.querySelector<HTMLElement>('[data-prompt-copy] [role="status"]')!;
const alertRegion = (): HTMLElement => document.querySelector<HTMLElement>('[data-prompt-copy] [role="alert"]')!;
/** The toasts shown (those waiting in their templates are not in the document's tree). */
const toasts = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[data-prompt-copy] .toast')];

/** What a toast says: its title and description. */
const toastText = (region: HTMLElement): { title: string; description: string } => ({
  title: textOf(region.querySelector('.toast__title')),
  description: textOf(region.querySelector('.toast__description')),
});

function stubWriteText(outcome: 'resolve' | 'reject') {
  return vi
    .spyOn(navigator.clipboard, 'writeText')
    .mockImplementation(() => (outcome === 'resolve' ? Promise.resolve() : Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))));
}

let stop: () => void = () => undefined;

beforeEach(async () => {
  mountPage(await fetchPage('/prompt1', { nowMs: BEFORE_DEADLINE_MS }));
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the copy buttons as served', () => {
  it('hold the exact prompt as text and two hidden, disabled copy buttons, with no island', () => {
    expect(document.querySelector('[data-prompt-copy] pre')?.textContent).toBe(promptPage.prompt);
    for (const label of LABELS) {
      const button = copyButton(label);
      expect(button.dataset.ready).toBe('false');
      expect(button.disabled).toBe(true);
    }
    // Both live regions are there from the start, empty, so a later toast is announced.
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(alertRegion().getAttribute('aria-live')).toBe('assertive');
    expect(toasts()).toEqual([]);
    expect(document.querySelector('[data-island]')).toBeNull();
  });
});

describe('the copy buttons once woken', () => {
  beforeEach(() => {
    stop = wakeCopyButtons(document);
  });

  it('are shown and enabled, and the prompt is untouched', () => {
    for (const label of LABELS) {
      expect(copyButton(label).dataset.ready).toBe('true');
      expect(copyButton(label).disabled).toBe(false);
    }
    expect(document.querySelector('[data-prompt-copy] pre')?.textContent).toBe(promptPage.prompt);
  });

  it.each(LABELS)('"%s" writes the exact prompt and shows the success toast', async (label) => {
    const writeText = stubWriteText('resolve');
    copyButton(label).click();
    await until(() => toasts().length === 1, 'the success toast');

    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(promptPage.prompt);
    expect(toastText(status())).toEqual({ title: '¡Copiado!', description: 'El prompt se ha copiado al portapapeles' });
    expect(status().querySelector('.toast--success')).not.toBeNull();
    expect(alertRegion().children).toHaveLength(0);
  });

  it.each(LABELS)('"%s" shows the destructive error toast in role="alert" when writing fails', async (label) => {
    const writeText = stubWriteText('reject');
    copyButton(label).click();
    await until(() => toasts().length === 1, 'the error toast');

    expect(writeText).toHaveBeenCalledWith(promptPage.prompt);
    expect(toastText(alertRegion())).toEqual({ title: 'Error', description: 'No se pudo copiar el contenido' });
    expect(alertRegion().querySelector('.toast--destructive')).not.toBeNull();
    expect(status().children).toHaveLength(0);
  });

  it('shows the error toast where there is no clipboard at all (an insecure origin)', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the error toast');
    expect(toastText(alertRegion())).toEqual({ title: 'Error', description: 'No se pudo copiar el contenido' });
  });

  it('shows one toast at a time: a new outcome replaces the last', async () => {
    const writeText = stubWriteText('resolve');
    copyButton(promptCopy.copyAll).click();
    await until(() => status().querySelector('.toast') !== null, 'the success toast');

    writeText.mockImplementation(() => Promise.reject(new Error('denied')));
    copyButton(promptCopy.copyFull).click();
    await until(() => alertRegion().querySelector('.toast') !== null, 'the error toast');
    expect(toasts()).toHaveLength(1);
    expect(status().children).toHaveLength(0);
  });

  it('dismisses the toast with its close button', async () => {
    stubWriteText('resolve');
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the success toast');

    const close = status().querySelector<HTMLButtonElement>('button.toast__close');
    expect(close?.getAttribute('aria-label')).toBe(promptCopy.dismiss);
    close?.click();
    expect(toasts()).toHaveLength(0);
    // The live regions stay, ready for the next toast.
    expect(status().isConnected).toBe(true);
    expect(alertRegion().isConnected).toBe(true);
  });

  it('removes the toast by itself after 5 seconds', async () => {
    fakeDeviceClock(BEFORE_DEADLINE_MS);
    stubWriteText('reject');
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the error toast');
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(4_999);
    expect(toasts()).toHaveLength(1);

    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['pointed at', 'mouseover', 'mouseout'],
    ['focused', 'focusin', 'focusout'],
  ] as const)('stays while %s, however long, then goes 5 seconds after the visitor leaves it', async (_how, enter, leave) => {
    fakeDeviceClock(BEFORE_DEADLINE_MS);
    stubWriteText('resolve');
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the success toast');
    const toast = toasts()[0]!;
    const Event = enter === 'mouseover' ? MouseEvent : FocusEvent;
    // Into the toast from the page, then out of it to the page.
    toast.querySelector('.toast__title')!.dispatchEvent(new Event(enter, { bubbles: true, relatedTarget: document.body }));
    vi.advanceTimersByTime(60_000);
    expect(toasts()).toEqual([toast]);
    // Moving within the toast changes nothing.
    toast.querySelector('.toast__title')!.dispatchEvent(new Event(leave, { bubbles: true, relatedTarget: toast.querySelector('.toast__close') }));
    vi.advanceTimersByTime(60_000);
    expect(toasts()).toEqual([toast]);

    toast.dispatchEvent(new Event(leave, { bubbles: true, relatedTarget: document.body }));
    vi.advanceTimersByTime(4_999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });
});
