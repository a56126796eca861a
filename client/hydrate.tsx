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

function readProps(name: IslandName): object {
  const script = document.querySelector(`script[data-island-props="${name}"]`);
  return script?.textContent ? (JSON.parse(script.textContent) as object) : {};
}

/** Hydrates one island root; a name the client does not know is left as server HTML. */
export async function hydrateIsland(root: HTMLElement, name: string): Promise<void> {
  if (!isIslandName(name)) return;
  const { default: Component } = (await LOADERS[name]()) as { default: (props: object) => ReactNode };
  const props = readProps(name);
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
