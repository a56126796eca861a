/**
 * The Payment Link's updates the site makes to sell (a change of the link, a limit), told apart from the writes of the
 * sale's record, which the site keeps in the metadata of the environment's Early Bird link (server/sale/saleRecord.ts):
 * an instance with Stripe's settings writes it once at its first read, and again at each change of the sale.
 */
import type { LinkUpdate } from '../../scripts/lib/stripeLinkStandIn';

const isRecordWrite = (update: LinkUpdate): boolean => Object.keys(update.metadata).some((key) => key.startsWith('taller_sale_'));

/** The updates that change what the link sells: every one but the record's. */
export const sellingUpdates = (updates: readonly LinkUpdate[]): LinkUpdate[] => updates.filter((update) => !isRecordWrite(update));

/** The record's writes alone. */
export const recordWrites = (updates: readonly LinkUpdate[]): LinkUpdate[] => updates.filter(isRecordWrite);
