import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ISLANDS, type IslandName, type IslandPropsOf } from '../islands/registry';
import type { HydrationStrategy } from '../islands/types';
import { jsonForScript } from './jsonForScript';

// The server renders islands synchronously: every island's module, loaded once when this module is.
const COMPONENTS = Object.fromEntries(await Promise.all(Object.entries(ISLANDS).map(async ([name, load]) => [name, (await load()).default]))) as Record<
  IslandName,
  ComponentType<object>
>;

interface IslandProps<N extends IslandName> {
  name: N;
  props: IslandPropsOf<N>;
  hydrate: HydrationStrategy;
}

/**
 * Renders an island with its own renderToString, so it is a root on both sides and its useId values
 * match on hydration; its props travel beside it as JSON, which browsers never execute.
 */
export function Island<N extends IslandName>({ name, props, hydrate }: IslandProps<N>) {
  // The props were checked against the island's own component where the page names the island (IslandProps).
  const Component: ComponentType<object> = COMPONENTS[name];
  const html = renderToString(<Component {...(props as object)} />, { identifierPrefix: `${name}-` });
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render, hydrated in place */}
      <div className="island" data-island={name} data-hydrate={hydrate} dangerouslySetInnerHTML={{ __html: html }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript, never executed */}
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
    </>
  );
}
