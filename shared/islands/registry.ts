import type { ComponentProps, ComponentType } from 'react';

/**
 * Every island by name: the one list the server renders islands from (shared/components/Island.tsx) and the
 * client wakes them from (client/hydrate.tsx). A new island is its file here and one line below: its props are
 * the component's own, so a page that passes the wrong ones fails to compile. Each is a dynamic import, so the
 * browser fetches an island's code only for a page that has it.
 */
export const ISLANDS = {
  countdown: () => import('./Countdown'),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>;

export type IslandName = keyof typeof ISLANDS;

/** What an island's component takes: shipped to the browser as JSON, so small and serialisable. */
export type IslandPropsOf<N extends IslandName> = ComponentProps<Awaited<ReturnType<(typeof ISLANDS)[N]>>['default']>;

export const isIslandName = (value: string): value is IslandName => Object.hasOwn(ISLANDS, value);
