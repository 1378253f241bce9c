/**
 * The back-in-stock notice, text and HTML in the look of every store email (product names and
 * options are the merchant's: the layout escapes them), one per sign-up, identified in the
 * outbox by the sign-up's id so it can never be written twice.
 */
import { actionBlocks, renderEmail } from '../mail/index.ts';

export const RESTOCK_NOTICE_KIND = 'restock-notice';

export function restockNoticeReference(signUpId: number): string {
  return `restock-signup:${signUpId}`;
}

export interface NoticeInput {
  readonly siteTitle: string;
  readonly productName: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** Absolute URL of the product page. */
  readonly productUrl: string;
}

/** "Size: L, Colour: Sand" — the variant the visitor waited for. */
function variantText(attributes: Readonly<Record<string, string>>): string {
  return Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

export function restockNotice(input: NoticeInput): { subject: string; text: string; html: string } {
  const options = variantText(input.attributes);
  const item = options === '' ? input.productName : `${input.productName} (${options})`;
  const subject = `Back in stock: ${input.productName}`;
  return {
    subject,
    ...renderEmail({
      siteTitle: input.siteTitle,
      subject,
      blocks: actionBlocks(
        [`Good news: ${item} is back in stock at ${input.siteTitle}.`],
        { label: 'Get it here', href: input.productUrl },
        [
          `You asked ${input.siteTitle} to tell you when this item was back in stock. This is the only email you will get about it.`,
        ],
      ),
    }),
  };
}
