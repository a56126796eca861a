import type { ReactNode } from 'react';
import type { SaleState, StateChange } from '../logic/sale';
import type { ServerInstant } from '../logic/pageClock';

/** The sale as one page shows it: its state, the states still to come, and the instant it was rendered for. */
export interface SaleView {
  state: SaleState;
  upcoming: StateChange[];
  clock: ServerInstant;
}

interface SaleSlotProps {
  sale: SaleView;
  /** A div where the variants are blocks, a span inside a line of text. */
  block?: boolean;
  /** Names what a state shows, so a later state that shows the same needs no template. Default: the state. */
  variant?: (state: SaleState) => string;
  children: (state: SaleState) => ReactNode;
}

/**
 * A part of the page that changes with the sale: what it shows now, and what it will show in each state
 * still to come as an inert <template> (never displayed nor read aloud without JavaScript; the future never
 * holds an offer). client/saleSlots.ts swaps each template in at its instant, so an open page moves forward
 * without a reload. The wrapper is `display: contents`: the layout sees only the variant inside.
 */
export function SaleSlot({ sale, block = false, variant = (state) => state, children: render }: SaleSlotProps) {
  const Tag = block ? 'div' : 'span';
  let shown = variant(sale.state);
  const later = sale.upcoming.filter(({ state }) => {
    const next = variant(state);
    const changes = next !== shown;
    shown = next;
    return changes;
  });
  return (
    <Tag className="sale-slot" data-sale-slot="">
      {render(sale.state)}
      {later.map(({ atMs, state }) => (
        <template key={atMs} data-sale-from={atMs}>
          {render(state)}
        </template>
      ))}
    </Tag>
  );
}
