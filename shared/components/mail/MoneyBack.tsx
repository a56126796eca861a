import { refundMail } from '../../content/refundMailWords';
import { sellerCancellation, voucherRefund } from '../../content/salePromises';
import { mailText } from './MailFrame';

/**
 * How a purchase's money comes back: `card`, refunded at Stripe to what paid; `transfer`, owed by bank transfer (a cash
 * payment at OXXO, which Stripe cannot refund); `processing`, not refunded yet; `none`, nothing was paid.
 */
type RefundState = 'card' | 'transfer' | 'processing' | 'none';

/** The refund, and the bonificación where the seller owes one, as a buyer's mails and pages say them; amounts in words ("49 USD"). */
export interface MoneyBack {
  state: RefundState;
  /** What was paid, all of it back; null when nothing was. */
  paid: string | null;
  /** The bonificación (LFPC art. 92 ter); null when none is owed. */
  bonus: string | null;
}

/**
 * The sentences, in order: how the refund comes, then the bonificación and how it is paid, in the terms' own words. A
 * mail asks for the bank details by reply (once: a refund by transfer asks already); a page sends the buyer to that mail.
 */
export function moneyBackLines({ state, bonus }: MoneyBack, where: 'mail' | 'page'): string[] {
  const refund = {
    card: refundMail.byCard,
    transfer: where === 'mail' ? refundMail.byTransfer : voucherRefund,
    processing: refundMail.processing,
    none: refundMail.nothingPaid,
  }[state];
  if (!bonus) return [refund];
  const ask = where === 'page' ? [sellerCancellation.clabeByMail] : state === 'transfer' ? [] : [sellerCancellation.clabeRequest];
  return [refund, sellerCancellation.amount(bonus), sellerCancellation.payment, ...ask];
}

/** The same, as a mail's paragraphs. */
export function MoneyBackParagraphs({ money }: { money: MoneyBack }) {
  return (
    <>
      {moneyBackLines(money, 'mail').map((line) => (
        <p key={line} style={mailText}>
          {line}
        </p>
      ))}
    </>
  );
}
