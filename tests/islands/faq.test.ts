// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { faq } from '../../shared/content';
import { BEFORE_DEADLINE_MS } from '../helpers/testApp';
import { fetchPage, hydrate, islandRoot, mountPage, settle, textOf, until } from '../helpers/islands';

const items = (): HTMLDetailsElement[] => [...islandRoot('faq').querySelectorAll<HTMLDetailsElement>('details.faq-item')];
const openIndexes = (): number[] => items().flatMap((item, index) => (item.open ? [index] : []));

function summaryOf(index: number): HTMLElement {
  const summary = items()[index]?.querySelector<HTMLElement>('summary');
  if (!summary) throw new Error(`No summary for FAQ item ${index}`);
  return summary;
}

/** Clicks an item's summary, as a visitor does, and lets React settle on the expected open items. */
async function clickSummary(index: number, expected: number[]): Promise<void> {
  summaryOf(index).click();
  await until(() => openIndexes().join() === expected.join(), `FAQ items [${expected.join()}] to be the open ones`);
  // And it stays so once React has nothing left to do.
  await settle();
  expect(openIndexes()).toEqual(expected);
}

beforeEach(async () => {
  mountPage(await fetchPage('/', { nowMs: BEFORE_DEADLINE_MS }));
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('FAQ island', () => {
  it("is served as eight closed native <details> (the brief's seven and the invoice question), each with its question and answer", () => {
    const root = islandRoot('faq');
    expect(root.dataset.hydrate).toBe('visible');
    expect(items()).toHaveLength(8);
    expect(openIndexes()).toEqual([]);
    expect(items().map((item) => textOf(item.querySelector('summary')))).toEqual(faq.items.map((item) => item.question));
    expect(items().map((item) => textOf(item.querySelector('.faq-item__answer')))).toEqual(faq.items.map((item) => item.answer));
    expect(items().every((item) => item.getAttribute('name') === 'faq')).toBe(true);
  });

  it('hydrates without a mismatch', async () => {
    const root = islandRoot('faq');
    const served = root.innerHTML;
    await hydrate('faq');
    expect(root.dataset.hydrated).toBe('true');
    expect(root.innerHTML).toBe(served);
  });

  it('keeps only one item open: opening another closes the first', async () => {
    await hydrate('faq');
    await clickSummary(0, [0]);
    // happy-dom ignores the shared `name`, so only the island can close item 0 here.
    await clickSummary(2, [2]);
    await clickSummary(6, [6]);
    expect(items()[0]?.open).toBe(false);
    expect(items()[2]?.open).toBe(false);
  });

  it('keeps an item opened before hydration, cleanly, and closes it when another opens', async () => {
    // The visitor opens an item while the island is still plain HTML (it hydrates only near the viewport).
    summaryOf(5).click();
    expect(openIndexes()).toEqual([5]);
    await hydrate('faq');
    // No hydration warning (the setup file fails the test on console.error), and the item stays open.
    expect(openIndexes()).toEqual([5]);
    await clickSummary(1, [1]);
    await clickSummary(1, []);
  });

  it('closes an open item again when its summary is clicked', async () => {
    await hydrate('faq');
    await clickSummary(3, [3]);
    await clickSummary(3, []);
    // And the accordion still works after everything was closed.
    await clickSummary(1, [1]);
    await clickSummary(4, [4]);
  });
});
