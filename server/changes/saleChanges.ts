import { allIn } from '../stripe/pace';
import { changeRefusals } from '../../shared/content/saleChangeWords';
import { journeyTimeline } from '../../shared/logic/journey';
import { fillPath, ROUTES } from '../../shared/routes';
import type { SiteConfig } from '../config/settings';
import { buyerInvite } from '../fulfilment/mail/buyerInvite';
import { mailMessages } from '../fulfilment/mail/mailMessages';
import { sampleToken } from '../fulfilment/pages/accessToken';
import type { Purchase } from '../fulfilment/records/purchase';
import type { Sweep } from '../fulfilment/sweep/purchaseSweep';
import type { Clock } from '../ops/clock';
import type { LiveSale } from '../sale/liveSale';
import { applyChange, type Change, type RecordedChange, summaryOf } from '../sale/saleChange';
import { refusalOf } from '../sale/saleChecks';
import { settingsOf, type SaleSettings, type SaleValues } from '../sale/saleSettings';
import type { StripeBoundary } from '../stripe/stripeBoundary';
import type { StripeCalls } from '../stripe/stripeCalls';
import { changeFromForm } from './changeForm';
import { type ChangePreview, type PreviewInput, previewOf } from './changePreview';
import { type ChangeProgress, progressOf, type SaleAfter } from './changeProgress';
import { createEditionLinks, type LinkCopy, readCopies } from './editionLinks';

/** The owner's changes to the sale: the panel's forms call these (docs/operations.md). */
export interface SaleChanges {
  /** The form's fields as posted: the change, or the sentence that says what to write instead. */
  fromForm: typeof changeFromForm;
  /** Why the change cannot be made now; null: it can. */
  check(change: Change, nowMs: number): string | null;
  /** What it will do: the buyers, their mails (one composed), the refunds, the page; an edition's links. */
  preview(change: Change, nowMs: number): Promise<ChangePreview>;
  /** Records it at Stripe, in force after the undo window; an edition's links are created first. */
  schedule(change: Change, by: string): Promise<{ scheduled: RecordedChange } | { refused: string }>;
  /** Takes back the change waiting its window. */
  undo(id: string, by: string): Promise<{ undone: RecordedChange } | { refused: string }>;
  /** The latest change's progress over the purchases the last sweep listed. */
  progress(nowMs: number): ChangeProgress | null;
}

export interface SaleChangesOptions {
  config: SiteConfig;
  live: LiveSale;
  /** The buyers as the last sweep listed them; none without the buyer's mails (a change then reaches no buyer). */
  sweep?: Pick<Sweep, 'lastListing'>;
  stripe?: StripeBoundary;
  clock: Clock;
}

/** Who made a change, as the panel names a sign-in: never an address, a token or a code. */
const SIGN_IN = /^[a-z0-9-]{1,24}$/;
/** The environment's own name for the changes a restart makes. */
const ENVIRONMENT = 'entorno';
/** Each call ends within this: the owner's form waits for it. */
const DEADLINE_MS = 8_000;

/**
 * Each change the owner makes from the panel, as a plain description (server/sale/saleChange.ts): checked against the
 * sale in force (server/sale/saleChecks.ts, and here a change still sending mails or making refunds), previewed over
 * the purchases the last sweep listed, recorded at Stripe after its undo window (server/sale/liveSale.ts), and its
 * progress read from the purchases' marks as the sweeps make them.
 */
export function createSaleChanges({ config, live, sweep, stripe, clock }: SaleChangesOptions): SaleChanges {
  // The owner's few calls (an edition's links read and made), in her lane.
  const calls: StripeCalls | null = stripe ? stripe.view({ deadlineMs: DEADLINE_MS, lanes: allIn('owner') }) : null;
  const delayMs = config.changeDelaySeconds * 1000;
  const { fulfilment } = config;
  const formula = fulfilment?.materials();
  /** The purchases to count over: none where the site sends no buyer's mail. */
  const listing = (nowMs: number): { atMs: number; purchases: readonly Purchase[] } | null => (sweep ? sweep.lastListing() : { atMs: nowMs, purchases: [] });
  /** The sale once settings are in force, as the buyers' journeys read it. */
  const afterOf = (settings: SaleSettings): SaleAfter => ({
    edition: { name: settings.edition, startMs: settings.sale.workshopStartMs, cancelled: settings.sale.cancelled, publicUrl: config.publicUrl },
    timeline: journeyTimeline(settings.sale.workshopStartMs),
    materialsReady: Boolean(formula?.formula && formula.gpt && formula.hooks && settings.recordingUrl),
  });

  const progress = (nowMs: number): ChangeProgress | null => {
    const latest = live.latest();
    if (!latest) return null;
    return progressOf(latest, listing(nowMs), afterOf(live.current(Math.max(nowMs, latest.takesEffectAtMs))), nowMs);
  };

  const check = (change: Change, nowMs: number): string | null => {
    const refusal = refusalOf(change, live.context(nowMs));
    if (refusal) return refusal;
    const under = progress(nowMs);
    const latest = live.latest();
    return under && latest && !under.pending && !under.done ? changeRefusals.inProgress(summaryOf(latest.change)) : null;
  };

  /** The links an edition copies, each readable and selling one price, the Early Bird's among them; null: it cannot. */
  const copiesOf = async (nowMs: number): Promise<LinkCopy[] | null> => {
    const { links } = live.current(nowMs);
    if (!calls || !links.some((link) => link.role === 'early_bird')) return null;
    const copies = await readCopies(calls, links);
    return copies.every((copy) => copy !== null) ? (copies as LinkCopy[]) : null;
  };

  const compose = (edition: SaleAfter['edition']): PreviewInput['compose'] => {
    if (!fulfilment)
      return () => {
        throw new Error('a site without the buyer mails lists no buyer to write to');
      };
    const sampleUrl = `${config.publicUrl}${fillPath(ROUTES.access.path, { token: sampleToken(fulfilment.accessSecret(), edition.startMs) })}`;
    const { address } = fulfilment.mailFrom;
    return mailMessages({
      invite: buyerInvite({ contactEmail: config.contactEmail, trainerName: config.trainerName }),
      edition: () => edition,
      // The edition's sample page, never a buyer's own link: the preview is shown to the owner.
      accessUrlOf: () => sampleUrl,
      referenceOf: () => 'vista-previa',
      mailDomain: address.slice(address.lastIndexOf('@') + 1),
    });
  };

  return {
    fromForm: changeFromForm,
    check,
    async preview(change, nowMs) {
      const copies = change.kind === 'edition' ? await copiesOf(nowMs).catch(() => null) : [];
      const refusal = check(change, nowMs) ?? (copies === null ? changeRefusals.noLinks : null);
      const takesEffectAtMs = nowMs + delayMs;
      const { values } = live.context(nowMs);
      const links = (copies ?? []).map(({ role }) => ({ role, paymentLink: `vista-previa-${role}`, checkoutUrl: '' }));
      const valuesAfter: SaleValues = applyChange(values, { id: 'vista-previa', change, by: '', recordedAtMs: nowMs, takesEffectAtMs, links });
      const settingsAfter = settingsOf(valuesAfter);
      const after = afterOf(settingsAfter);
      return previewOf({
        change,
        refusal,
        takesEffectAtMs,
        saleAfter: settingsAfter.sale,
        after,
        listing: listing(nowMs),
        compose: compose(after.edition),
        copies: copies ?? [],
      });
    },
    async schedule(change, by) {
      if (!SIGN_IN.test(by) || by === ENVIRONMENT) throw new Error('a change is made by a sign-in: a short id of lowercase letters, digits and hyphens');
      await live.refresh().catch(() => undefined);
      const refusal = check(change, clock());
      if (refusal) return { refused: refusal };
      if (change.kind !== 'edition') return live.schedule(change, by);
      const copies = await copiesOf(clock()).catch(() => null);
      const id = live.nextId();
      if (!copies || !calls || !id) return { refused: copies ? changeRefusals.stripeDown : changeRefusals.noLinks };
      let links: Awaited<ReturnType<typeof createEditionLinks>>;
      try {
        links = await createEditionLinks(calls, copies, id);
      } catch {
        return { refused: changeRefusals.stripeDown };
      }
      return live.schedule(change, by, links);
    },
    undo: (id, by) => live.undo(id, by),
    progress,
  };
}
