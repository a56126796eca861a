import type { ReactNode } from 'react';
import { contactCalls, pricing } from '../content/landingPageWords';
import { mailtoWithSubject } from '../logic/mailto';
import type { SaleState } from '../logic/sale';

/** What a call to action does in a state: book (go to the pricing section), or write to join a list. */
export type CallKind = 'book' | 'waitlist' | 'next-edition';

export const callKind = (state: SaleState): CallKind =>
  state === 'sold-out' ? 'waitlist' : state === 'closed' || state === 'cancelled' ? 'next-edition' : 'book';

interface CallToActionProps {
  state: SaleState;
  contactEmail: string;
  /** The label while booking is the call, e.g. 'Reserva tu lugar ahora'. */
  bookLabel: string;
  /** The top bar has room for the short label only. */
  short?: boolean;
  className: string;
  icon?: ReactNode;
}

/**
 * While the workshop sells, a call leads to the pricing section; sold out, it writes to join the waiting
 * list; closed or cancelled, it asks about the next edition. No state has a call to book that leads nowhere.
 */
export function CallToAction({ state, contactEmail, bookLabel, short = false, className, icon }: CallToActionProps) {
  const kind = callKind(state);
  if (kind === 'book') {
    return (
      <a className={className} href={`#${pricing.id}`}>
        {bookLabel}
        {icon}
      </a>
    );
  }
  const call = kind === 'waitlist' ? contactCalls.waitlist : contactCalls.nextEdition;
  return (
    <a className={className} href={mailtoWithSubject(contactEmail, call.subject)}>
      {short ? call.short : call.label}
      {icon}
    </a>
  );
}
