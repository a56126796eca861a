import { isoInWorkshopZone } from '../../shared/logic/schedule';
import type { PageAssets } from '../../shared/buildManifest';
import { MATERIAL_SETTINGS, type SiteConfig } from './settings';

/**
 * What an operator should hear about at start: dates made from the clock, settings that contradict each other, a
 * workshop already over, buyers nobody writes to, placeholders still in place and a phone not given. One line each;
 * the server runs anyway (production refuses the placeholders and the missing dates earlier, in readConfig).
 */
export function configWarnings(config: SiteConfig, nowMs: number): string[] {
  const { earlyBirdDeadlineMs, workshopStartMs } = config.sale;
  const warnings: string[] = [];
  const fromClock = config.datesFromClock;
  if (fromClock.length > 0) {
    const made = {
      EARLY_BIRD_DEADLINE: `the Early Bird ends ${isoInWorkshopZone(earlyBirdDeadlineMs)}`,
      WORKSHOP_START: `the workshop starts ${isoInWorkshopZone(workshopStartMs)}`,
    };
    warnings.push(
      `${fromClock.join(' and ')} ${fromClock.length === 1 ? 'is' : 'are'} unset, so the site shows a sale under way: ` +
        `${fromClock.map((name) => made[name]).join(' and ')}; production refuses to start without ${fromClock.length === 1 ? 'it' : 'them'}`,
    );
  }
  if (config.editionUnnamed) {
    warnings.push(`EDITION is unset, so purchases are marked as the edition "${config.edition}": production refuses to start without it`);
  }
  if (config.sale.cancelled) {
    warnings.push(
      `WORKSHOP_CANCELLED is true: the edition "${config.edition}" is cancelled; the site sells nothing, turns every link off, and tells and refunds each of its buyers once (docs/operations.md)`,
    );
  }
  if (earlyBirdDeadlineMs > workshopStartMs) {
    warnings.push(
      `EARLY_BIRD_DEADLINE (${isoInWorkshopZone(earlyBirdDeadlineMs)}) is after WORKSHOP_START (${isoInWorkshopZone(workshopStartMs)}): ` +
        'the start wins, so the site goes from Early Bird straight to closed, with no normal-price period',
    );
  }
  if (workshopStartMs <= nowMs) {
    warnings.push(
      `WORKSHOP_START (${isoInWorkshopZone(workshopStartMs)}) has passed: the site shows the closed state ("Inscripciones cerradas"); ` +
        'set WORKSHOP_START and EARLY_BIRD_DEADLINE for the next edition to sell it',
    );
  }
  if (config.spots && !config.fulfilment) {
    warnings.push(
      "STRIPE_PAYMENT_LINK is set but the buyer's mails are not (STRIPE_WEBHOOK_SECRET, SMTP_URL, MAIL_FROM, MEETING_URL, ACCESS_SECRET): " +
        'nothing tells buyers the join link; send it to each by hand (docs/fulfilment.md)',
    );
  }
  if (config.fulfilment && !config.panel) {
    warnings.push(
      'PANEL_SECRET is unset, so there is no /panel: the owner changes the sale through these settings and a restart of every instance (docs/operations.md)',
    );
  }
  const materials = config.fulfilment?.materials();
  const missing = materials ? Object.entries(MATERIAL_SETTINGS).filter(([link]) => materials[link as keyof typeof materials] === null) : [];
  if (materials?.recording && missing.length > 0) {
    warnings.push(
      `RECORDING_URL is set but ${missing.map(([, name]) => name).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not: ` +
        "the recording mail waits until every link it announces is set, and the buyer's page says each missing one comes by mail",
    );
  }
  for (const name of config.placeholders) {
    warnings.push(`${name} is still its placeholder default: set the real value before visitors see the site`);
  }
  for (const name of config.unsetForProduction) {
    warnings.push(`${name} is unset: the pages give buyers no phone, and production refuses to start without one`);
  }
  return warnings;
}

/** What an operator should hear about the build at start: the trainer's photo still the placeholder that says so. */
export function buildWarnings(assets: Pick<PageAssets, 'trainerPhoto'>): string[] {
  return assets.trainerPhoto.placeholder
    ? ["the trainer's photo is the placeholder marked 'Foto de ejemplo': drop trainer.jpg into shared/images/ and build again (docs/content.md)"]
    : [];
}
