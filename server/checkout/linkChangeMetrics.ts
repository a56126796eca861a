import { Counter, type Registry } from 'prom-client';
import type { LinkRole } from '../../shared/logic/sale';
import type { ChangeOutcome } from './linkChangeAtStripe';
import type { LinkChangeKind } from './linkChanges';

/** Counts each try at a change of a link, by link, change and outcome: what TallerLinkChangeFailing reads. */
export type CountChange = (link: LinkRole, change: LinkChangeKind, outcome: ChangeOutcome) => void;

export function registerLinkChangeMetrics(registry: Registry): CountChange {
  const changes = new Counter({
    name: 'taller_link_changes_total',
    help: 'Tries at a change of a Payment Link (close, cards_only), by link (early_bird, normal) and outcome (made, in_effect, in_progress, refused, no_link, unavailable).',
    labelNames: ['link', 'change', 'outcome'] as const,
    registers: [registry],
  });
  return (link, change, outcome) => changes.inc({ link, change, outcome });
}
