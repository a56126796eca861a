import { type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, isIslandName } from '../shared/islands/registry';

/** Marks the root once React has committed the hydrated tree: a hook for CSS and tests. Renders no DOM. */
function Hydrated({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.dataset.hydrated = 'true';
  }, [root]);
  return children;
}

/** The island's own props: the script the server wrote right after its root (shared/components/Island.tsx). */
function readProps(root: HTMLElement, name: string): object {
  const script = root.nextElementSibling;
  if (!script?.matches(`script[data-island-props="${name}"]`)) throw new Error('its props script is missing');
  let props: unknown;
  try {
    props = JSON.parse(script.textContent ?? '');
  } catch {
    throw new Error('its props script is not JSON');
  }
  if (typeof props !== 'object' || props === null || Array.isArray(props)) throw new Error('its props are not an object');
  return props;
}

/**
 * Hydrates one island root. An island the client does not know, or whose props are missing or malformed, stays
 * server HTML and is reported, naming it: a page and its client out of step fail loudly, never silently.
 */
export async function hydrateIsland(root: HTMLElement, name: string): Promise<void> {
  if (!isIslandName(name)) {
    console.error(`Island "${name}" is not one this page's script knows: left as server HTML`);
    return;
  }
  let props: object;
  try {
    props = readProps(root, name);
  } catch (error) {
    console.error(`Island "${name}" not hydrated: ${(error as Error).message}`);
    return;
  }
  const { default: Component } = (await ISLANDS[name]()) as { default: (props: object) => ReactNode };
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
