/**
 * The teaser's message for a total (docs/behaviour/pay-later.md#when-the-teaser-shows):
 * - above the provider maximum: 'available for orders up to {max}';
 * - below the minimum: 'available for orders over {min}';
 * - in range only when above the minimum and not above the maximum: '{n} interest-free payments
 *   of {amount}' (one-line variant 'or {n} interest-free payments of {amount} with'), the amount
 *   being the total divided by the count.
 * A total exactly at the minimum is neither below it nor in range; it gets the 'over' message,
 * the one statement that is true of it.
 */
import { PAY_LATER_INSTALLMENTS } from './constants.ts';

export type InstallmentMessage =
  | { readonly kind: 'in-range'; readonly count: number; readonly installmentCents: number }
  | { readonly kind: 'above-max'; readonly limitCents: number }
  | { readonly kind: 'below-min'; readonly limitCents: number };

export interface InstallmentLimits {
  readonly minCents: number;
  readonly maxCents: number;
}

/** True when pay-later covers the total: above the minimum and not above the maximum. */
export function inRange(totalCents: number, limits: InstallmentLimits): boolean {
  return totalCents > limits.minCents && totalCents <= limits.maxCents;
}

/** The installment amount: the total divided by the count, in whole minor units. */
export function installmentCents(totalCents: number, count = PAY_LATER_INSTALLMENTS): number {
  return Math.round(totalCents / count);
}

export function installmentMessage(
  totalCents: number,
  limits: InstallmentLimits,
  count = PAY_LATER_INSTALLMENTS,
): InstallmentMessage {
  if (totalCents > limits.maxCents) return { kind: 'above-max', limitCents: limits.maxCents };
  if (!inRange(totalCents, limits)) return { kind: 'below-min', limitCents: limits.minCents };
  return { kind: 'in-range', count, installmentCents: installmentCents(totalCents, count) };
}

/** The spec's wordings; `{n}` and `{amount}` are filled in by messageText. */
export interface PayLaterStrings {
  /** '{n} interest-free payments of {amount}' */
  readonly payLaterText: string;
  /** 'or {n} interest-free payments of {amount} with' */
  readonly payLaterOneLine: string;
}

export const PAY_LATER_STRINGS: PayLaterStrings = {
  payLaterText: '{n} interest-free payments of {amount}',
  payLaterOneLine: 'or {n} interest-free payments of {amount} with',
};

export const UP_TO_TEXT = 'available for orders up to {amount}';
export const OVER_TEXT = 'available for orders over {amount}';

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The message as text; `formatCents` prints money in the site's currency and format. */
export function messageText(
  message: InstallmentMessage,
  formatCents: (cents: number) => string,
  options: { readonly oneLine?: boolean; readonly strings?: PayLaterStrings } = {},
): string {
  const strings = options.strings ?? PAY_LATER_STRINGS;
  switch (message.kind) {
    case 'above-max':
      return fill(UP_TO_TEXT, { amount: formatCents(message.limitCents) });
    case 'below-min':
      return fill(OVER_TEXT, { amount: formatCents(message.limitCents) });
    case 'in-range':
      return fill(options.oneLine ? strings.payLaterOneLine : strings.payLaterText, {
        n: String(message.count),
        amount: formatCents(message.installmentCents),
      });
  }
}

/** 'Installments by {button}' split around the button, so the button can sit inside the text. */
export function installmentsByParts(template = 'Installments by {button}'): [string, string] {
  const at = template.indexOf('{button}');
  if (at === -1) return [`${template} `, ''];
  return [template.slice(0, at), template.slice(at + '{button}'.length)];
}
