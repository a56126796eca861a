import type { ComponentType } from 'react';
import type { IslandName, IslandPropsMap } from '../shared/islands/types';

type Loader<N extends IslandName> = () => Promise<{ default: ComponentType<IslandPropsMap[N]> }>;

/** Each island is its own chunk, fetched only when a page has that island. */
export const LOADERS: { [N in IslandName]: Loader<N> } = {
  countdown: () => import('../shared/islands/Countdown'),
  faq: () => import('../shared/islands/FaqAccordion'),
  'prompt-copy': () => import('../shared/islands/PromptCopy'),
};

export function isIslandName(value: string | undefined): value is IslandName {
  return value !== undefined && Object.hasOwn(LOADERS, value);
}
