/**
 * The island contract shared by server and client. Every prop is shipped to the browser as JSON,
 * so props are small and serialisable: instants travel as epoch milliseconds.
 */
export interface PricingCardProps {
  /** The server's clock at render time: the first client frame must show exactly what the server showed. */
  nowMs: number;
  deadlineMs: number;
  checkoutUrl: string;
  contactEmail: string;
}

/** The prompt travels as a prop, so the island's JavaScript stays the same size whatever the prompt. */
export interface PromptCopyProps {
  prompt: string;
}

export type NoProps = Record<string, never>;

export interface IslandPropsMap {
  pricing: PricingCardProps;
  faq: NoProps;
  'prompt-copy': PromptCopyProps;
}

export type IslandName = keyof IslandPropsMap;

/** When the client wakes an island: as soon as the browser is idle, or when it nears the viewport. */
export type HydrationStrategy = 'idle' | 'visible';
