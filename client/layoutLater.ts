import { whenQuiet } from './quiet';

/** On each block once it is laid out, and on the html once all are (shared/styles/base.css). */
const LAID_OUT = 'laid-out';

/**
 * Lays out the blocks the first paint skipped, one at a time from the top down, each when the visitor pauses (a
 * few milliseconds of layout each, so none makes a long task, and none delays what the visitor just did); then
 * marks the html, which turns scrolling smooth. Each block is laid out in its own idle moment, not in the next
 * frame, which may be the one that answers a tap.
 */
export function layOutSkippedBlocks(): void {
  const blocks = [...document.querySelectorAll('.layout-later')];
  const next = (): void => {
    const block = blocks.shift();
    if (!block) {
      document.documentElement.classList.add(LAID_OUT);
      return;
    }
    block.classList.add(LAID_OUT);
    // Reading its size lays it out now.
    block.getBoundingClientRect();
    whenQuiet(next);
  };
  whenQuiet(next);
}
