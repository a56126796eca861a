// @vitest-environment happy-dom
/**
 * The FAQ as served (native <details> sharing a name, no island) and client/detailsGroups.ts, which keeps one item
 * open at a time where the browser ignores the shared name: as happy-dom does, so what closes an item here is the
 * page's one listener.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepDetailsGroupsExclusive } from '../../client/detailsGroups';
import { faq } from '../../shared/content/landingPageWords';
import { BEFORE_DEADLINE_MS } from '../helpers/testApp';
import { fetchPage, mountPage, textOf, until } from '../helpers/islands';

const items = (): HTMLDetailsElement[] => [...document.querySelectorAll<HTMLDetailsElement>('#faq details.faq-item')];
const openIndexes = (): number[] => items().flatMap((item, index) => (item.open ? [index] : []));

function summaryOf(index: number): HTMLElement {
  const summary = items()[index]?.querySelector<HTMLElement>('summary');
  if (!summary) throw new Error(`No summary for FAQ item ${index}`);
  return summary;
}

/** Clicks an item's summary, as a visitor does, and waits for the expected open items (toggle events are queued). */
async function clickSummary(index: number, expected: number[]): Promise<void> {
  summaryOf(index).click();
  await until(() => openIndexes().join() === expected.join(), `FAQ items [${expected.join()}] to be the open ones`);
}

let stop: () => void = () => undefined;

beforeEach(async () => {
  mountPage(await fetchPage('/', { nowMs: BEFORE_DEADLINE_MS }));
  stop = keepDetailsGroupsExclusive(document);
});

afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('the FAQ', () => {
  it("is served as the content's closed native <details> sharing one name (the brief's questions and the invoice one), each with its question and answer, and no island", () => {
    expect(items()).toHaveLength(faq.items.length);
    expect(openIndexes()).toEqual([]);
    expect(items().map((item) => textOf(item.querySelector('summary')))).toEqual(faq.items.map((item) => item.question));
    expect(items().map((item) => textOf(item.querySelector('.faq-item__answer')))).toEqual(faq.items.map((item) => item.answer));
    expect(items().every((item) => item.getAttribute('name') === 'faq')).toBe(true);
    expect(document.querySelector('#faq [data-island], #faq script')).toBeNull();
  });

  it('keeps only one item open: opening another closes the first', async () => {
    await clickSummary(0, [0]);
    await clickSummary(2, [2]);
    await clickSummary(6, [6]);
  });

  it('closes an open item again when its summary is clicked, and opens the next one after', async () => {
    await clickSummary(3, [3]);
    await clickSummary(3, []);
    await clickSummary(1, [1]);
    await clickSummary(4, [4]);
  });

  it('leaves a <details> of another name, or of none, alone', async () => {
    const other = document.createElement('details');
    other.setAttribute('name', 'otra');
    other.open = true;
    const unnamed = document.createElement('details');
    unnamed.open = true;
    document.body.append(other, unnamed);
    await clickSummary(5, [5]);
    expect([other.open, unnamed.open]).toEqual([true, true]);
  });
});
