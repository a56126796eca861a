import { whenIdle } from './strategies';

/** On each block once it is laid out, and on the html once all are (shared/styles/base.css). */
const LAID_OUT = 'laid-out';

/**
 * Lays out the blocks the first paint skipped, one per idle moment (each a few milliseconds of layout, so none
 * makes a long task, and none delays what the visitor just did), from the top down; then marks the html, which
 * turns scrolling smooth.
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
    whenIdle(next);
  };
  whenIdle(next);
}
