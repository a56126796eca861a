import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import FaqAccordion from '../islands/FaqAccordion';
import PricingCard from '../islands/PricingCard';
import PromptCopy from '../islands/PromptCopy';
import type { HydrationStrategy, IslandName, IslandPropsMap } from '../islands/types';

const COMPONENTS: { [N in IslandName]: ComponentType<IslandPropsMap[N]> } = {
  pricing: PricingCard,
  faq: FaqAccordion,
  'prompt-copy': PromptCopy,
};

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that cannot close its <script> element or open a comment, whatever the strings hold. */
export function serializeProps(props: object): string {
  return JSON.stringify(props).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char] ?? char);
}

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
      <div className="island" data-island={name} data-hydrate={hydrate} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
    </>
  );
}
