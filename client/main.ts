import type { HydrationStrategy } from '../shared/islands/types';
import { attributeCheckoutLinks } from './attribution';
import { keepDetailsGroupsExclusive } from './detailsGroups';
import { layOutSkippedBlocks } from './layoutLater';
import { wakeCopyButtons } from './copyButtons';
import { watchInput } from './quiet';
import { startSaleSlots } from './saleSlots';
import { onFirstInteraction, schedule } from './strategies';

/** The hashed URL of client/hydrate.tsx's bundle, written in by the build (scripts/lib/siteBuild.ts). */
declare const HYDRATE_URL: string;

type HydrateModule = typeof import('./hydrate');

// First: a page that arrives after one of its state changes (the back-forward cache) moves on at once,
// before any island of the state it left is woken.
startSaleSlots();
attributeCheckoutLinks(document, location.search);
watchInput();
keepDetailsGroupsExclusive(document);
wakeCopyButtons(document);

/**
 * Wakes only the islands the server marked; everything else on the page stays plain HTML. This entry
 * is one small file: React and the islands' code load only when an island is due.
 */
for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = root.dataset.island ?? '';
  const strategy: HydrationStrategy = root.dataset.hydrate === 'visible' ? 'visible' : 'idle';
  schedule(strategy, root, () => {
    void (import(HYDRATE_URL) as Promise<HydrateModule>).then(({ hydrateIsland }) => hydrateIsland(root, name));
  });
}

// The rest of the page's layout once the visitor starts using the page, not at load: until then the main thread
// does nothing for blocks nobody has asked to see.
onFirstInteraction(layOutSkippedBlocks);
