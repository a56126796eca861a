// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { promptCopy, promptPage } from '../../shared/content';
import { BEFORE_DEADLINE_MS } from '../helpers/testApp';
import { fetchPage, hydrate, islandRoot, mountPage, settle, textOf, until, fakeDeviceClock } from '../helpers/islands';

const LABELS = [promptCopy.copyAll, promptCopy.copyFull];

function copyButton(label: string): HTMLButtonElement {
  const button = [...islandRoot('prompt-copy').querySelectorAll('button')].find((candidate) => textOf(candidate) === label);
  if (!button) throw new Error(`No copy button "${label}"`);
  return button;
}

const status = (): HTMLElement => islandRoot('prompt-copy').querySelector<HTMLElement>('[role="status"]')!;
const alertRegion = (): HTMLElement => islandRoot('prompt-copy').querySelector<HTMLElement>('[role="alert"]')!;
const toasts = (): HTMLElement[] => [...islandRoot('prompt-copy').querySelectorAll<HTMLElement>('.toast')];

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

beforeEach(async () => {
  mountPage(await fetchPage('/prompt1', { nowMs: BEFORE_DEADLINE_MS }));
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('prompt-copy island as served', () => {
  it('holds the exact prompt as text and two hidden, disabled copy buttons', () => {
    const root = islandRoot('prompt-copy');
    expect(root.dataset.hydrate).toBe('idle');
    expect(root.querySelector('pre')?.textContent).toBe(promptPage.prompt);
    for (const label of LABELS) {
      const button = copyButton(label);
      expect(button.dataset.ready).toBe('false');
      expect(button.disabled).toBe(true);
    }
    // Both live regions are there from the start, empty, so a later toast is announced.
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(alertRegion().getAttribute('aria-live')).toBe('assertive');
    expect(toasts()).toEqual([]);
  });
});

describe('prompt-copy island once hydrated', () => {
  it('hydrates without a mismatch and then shows and enables both buttons', async () => {
    await hydrate('prompt-copy');
    for (const label of LABELS) {
      await until(() => copyButton(label).dataset.ready === 'true', `"${label}" to be ready`);
      expect(copyButton(label).disabled).toBe(false);
    }
    expect(islandRoot('prompt-copy').querySelector('pre')?.textContent).toBe(promptPage.prompt);
  });

  it.each(LABELS)('"%s" writes the exact prompt and shows the success toast', async (label) => {
    const writeText = stubWriteText('resolve');
    await hydrate('prompt-copy');
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
    await hydrate('prompt-copy');
    copyButton(label).click();
    await until(() => toasts().length === 1, 'the error toast');

    expect(writeText).toHaveBeenCalledWith(promptPage.prompt);
    expect(toastText(alertRegion())).toEqual({ title: 'Error', description: 'No se pudo copiar el contenido' });
    expect(alertRegion().querySelector('.toast--destructive')).not.toBeNull();
    expect(status().children).toHaveLength(0);
  });

  it('shows the error toast where there is no clipboard at all (an insecure origin)', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
    await hydrate('prompt-copy');
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the error toast');
    expect(toastText(alertRegion())).toEqual({ title: 'Error', description: 'No se pudo copiar el contenido' });
  });

  it('shows one toast at a time: a new outcome replaces the last', async () => {
    const writeText = stubWriteText('resolve');
    await hydrate('prompt-copy');
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
    await hydrate('prompt-copy');
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the success toast');

    const close = status().querySelector<HTMLButtonElement>('button.toast__close');
    expect(close?.getAttribute('aria-label')).toBe(promptCopy.dismiss);
    close?.click();
    await until(() => toasts().length === 0, 'the toast to be dismissed');
    // The live regions stay, ready for the next toast.
    expect(status().isConnected).toBe(true);
    expect(alertRegion().isConnected).toBe(true);
  });

  it('removes the toast by itself after 5 seconds', async () => {
    fakeDeviceClock(BEFORE_DEADLINE_MS);
    stubWriteText('reject');
    await hydrate('prompt-copy');
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the error toast');
    // Let React run the toast's effect, which starts its 5 s timer.
    await settle();
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(4_999);
    await settle();
    expect(toasts()).toHaveLength(1);

    vi.advanceTimersByTime(1);
    await until(() => toasts().length === 0, 'the toast to go away');
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['pointed at', 'mouseenter', 'mouseleave'],
    ['focused', 'focusin', 'focusout'],
  ] as const)('stays while %s, however long, then goes 5 seconds after the visitor leaves it', async (_how, enter, leave) => {
    fakeDeviceClock(BEFORE_DEADLINE_MS);
    stubWriteText('resolve');
    await hydrate('prompt-copy');
    copyButton(promptCopy.copyAll).click();
    await until(() => toasts().length === 1, 'the success toast');
    await settle();
    const toast = toasts()[0]!;
    // React listens at the root for both: mouseenter is derived from mouseover/mouseout, focus from focusin/focusout.
    const events: Record<string, () => Event> = {
      mouseenter: () => new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }),
      mouseleave: () => new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }),
      focusin: () => new FocusEvent('focusin', { bubbles: true }),
      focusout: () => new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }),
    };
    toast.dispatchEvent(events[enter]!());
    await settle();
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(toasts()).toEqual([toast]);

    toast.dispatchEvent(events[leave]!());
    await settle();
    vi.advanceTimersByTime(4_999);
    await settle();
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await until(() => toasts().length === 0, 'the toast to go away');
  });
});
