import type { HydrationStrategy } from '../shared/islands/types';
import { isIslandName } from './islands';
import { schedule } from './strategies';

/** Wakes only the islands the server marked; everything else on the page stays plain HTML. */
for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = root.dataset.island;
  if (!isIslandName(name)) continue;
  const strategy: HydrationStrategy = root.dataset.hydrate === 'visible' ? 'visible' : 'idle';
  // React itself loads only once the first island is due, never before first paint.
  schedule(strategy, root, () => void import('./hydrate').then(({ hydrateIsland }) => hydrateIsland(root, name)));
}
