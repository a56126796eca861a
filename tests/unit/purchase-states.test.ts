/**
 * The purchase's states are one table in the code (server/fulfilment/records/purchaseStates.ts): the diagram in
 * docs/fulfilment.md draws exactly its transitions, and the step the sweep takes for each mark agrees with it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nextStep } from '../../server/fulfilment/records/mailMarks';
import type { Mark } from '../../server/fulfilment/records/purchaseRecord';
import { MARK_DONE, MARK_TRANSITIONS, type MarkState, STANDING_TRANSITIONS, type Transition } from '../../server/fulfilment/records/purchaseStates';

const LEASE_MS = 60_000;
const NOW_MS = 1_000_000;

/** The transitions a Mermaid block of docs/fulfilment.md draws, after its heading line `title`. */
function drawn(title: string): string[] {
  const docs = readFileSync('docs/fulfilment.md', 'utf8');
  const block = docs.split('```mermaid').find((part) => part.includes(`title: ${title}`));
  if (!block) throw new Error(`no diagram titled ${title}`);
  const body = block.slice(0, block.indexOf('```'));
  return [...body.matchAll(/^\s*(\w+) --> (\w+) : (.+)$/gm)].map(([, from, to, on]) => `${from} -> ${to}: ${on?.trim()}`).sort();
}
const listed = <S extends string>(table: readonly Transition<S>[]): string[] => table.map(({ from, to, on }) => `${from} -> ${to}: ${on}`).sort();

const markOf = (state: MarkState, atMs = NOW_MS): Mark => ({
  status: state === 'none' ? null : state,
  attempt: state === 'none' ? 0 : 1,
  claim: null,
  atMs,
  forMs: null,
});

describe("a purchase's states", () => {
  it('are drawn in docs/fulfilment.md exactly as the code holds them', () => {
    expect(drawn('A mail’s mark')).toEqual(listed(MARK_TRANSITIONS));
    expect(drawn('Where a purchase stands')).toEqual(listed(STANDING_TRANSITIONS));
  });

  it('move a mail’s mark as the table says: a done mark stays, a fresh claim waits, any other is claimed', () => {
    const states: MarkState[] = ['none', 'sending', 'sent', 'failed', 'undeliverable'];
    for (const state of states) {
      const step = nextStep(markOf(state), NOW_MS, LEASE_MS).step;
      const claimable = MARK_TRANSITIONS.some(({ from, to, on }) => from === state && to === 'sending' && !on.startsWith('lease') && !on.startsWith('about'));
      expect(step, state).toBe(MARK_DONE.includes(state) ? 'done' : claimable ? 'claim' : 'wait');
    }
    expect(nextStep(markOf('sending', NOW_MS - LEASE_MS), NOW_MS, LEASE_MS).step).toBe('claim');
    expect(nextStep({ ...markOf('sent'), forMs: NOW_MS }, NOW_MS, LEASE_MS, NOW_MS + 1).step).toBe('claim');
  });
});
