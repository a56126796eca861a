import { type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from '../shared/islands/types';
import { isIslandName, LOADERS } from './islands';

/** Marks the root once React has committed the hydrated tree: a hook for CSS and tests. Renders no DOM. */
function Hydrated({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.dataset.hydrated = 'true';
  }, [root]);
  return children;
}

/** The island's own props: the script the server wrote right after its root (shared/components/Island.tsx). */
function readProps(root: HTMLElement, name: IslandName): object {
  const script = root.nextElementSibling;
  const own = script?.matches(`script[data-island-props="${name}"]`) ? script.textContent : null;
  return own ? (JSON.parse(own) as object) : {};
}

/** Hydrates one island root; a name the client does not know is left as server HTML. */
export async function hydrateIsland(root: HTMLElement, name: string): Promise<void> {
  if (!isIslandName(name)) return;
  const { default: Component } = (await LOADERS[name]()) as { default: (props: object) => ReactNode };
  const props = readProps(root, name);
  startTransition(() => {
    hydrateRoot(
      root,
      <Hydrated root={root}>
        <Component {...props} />
      </Hydrated>,
      {
        identifierPrefix: `${name}-`,
        onRecoverableError: (error) => console.error(`Island "${name}" did not hydrate cleanly:`, error),
      },
    );
  });
}
