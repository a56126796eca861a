import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import FaqAccordion from '../islands/FaqAccordion';
import Countdown from '../islands/Countdown';
import PromptCopy from '../islands/PromptCopy';
import type { HydrationStrategy, IslandName, IslandPropsMap } from '../islands/types';
import { jsonForScript } from './jsonForScript';

const COMPONENTS: { [N in IslandName]: ComponentType<IslandPropsMap[N]> } = {
  countdown: Countdown,
  faq: FaqAccordion,
  'prompt-copy': PromptCopy,
};

interface IslandProps<N extends IslandName> {
  name: N;
  props: IslandPropsMap[N];
  hydrate: HydrationStrategy;
}

/**
 * Renders an island with its own renderToString, so it is a root on both sides and its useId values
 * match on hydration; its props travel beside it as JSON, which browsers never execute.
 */
export function Island<N extends IslandName>({ name, props, hydrate }: IslandProps<N>) {
  const Component = COMPONENTS[name] as ComponentType<IslandPropsMap[N]>;
  const html = renderToString(<Component {...props} />, { identifierPrefix: `${name}-` });
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render, hydrated in place */}
      <div className="island" data-island={name} data-hydrate={hydrate} dangerouslySetInnerHTML={{ __html: html }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript, never executed */}
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
    </>
  );
}
