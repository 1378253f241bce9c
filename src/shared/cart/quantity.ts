/**
 * Quantity rules of the add-to-cart form and every cart write (docs/behaviour/cart.md#quantity-input:
 * min 1, max 9999, step 1, default 1). The same checks run in the browser and on the server, in
 * the spec's order: a number first, then a whole one, then within range.
 */
import type { ErrorCode } from '../errors.ts';

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const QUANTITY_DEFAULT = 1;

export type QuantityProblem = Extract<
  ErrorCode,
  'QUANTITY_NOT_A_NUMBER' | 'QUANTITY_NOT_WHOLE' | 'QUANTITY_OUT_OF_RANGE'
>;

export type QuantityResult =
  | { readonly ok: true; readonly quantity: number }
  | { readonly ok: false; readonly problem: QuantityProblem };

/** A JSON number, or the text of one (form posts send text); nothing else counts as numeric. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // Number('') is 0 and Number('0x10') is 16: accept plain decimal notation only.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Reads a requested quantity; absent means the default of 1. */
export function parseQuantity(value: unknown): QuantityResult {
  if (value === undefined) return { ok: true, quantity: QUANTITY_DEFAULT };
  const number = toNumber(value);
  if (number === undefined) return { ok: false, problem: 'QUANTITY_NOT_A_NUMBER' };
  if (!Number.isInteger(number)) return { ok: false, problem: 'QUANTITY_NOT_WHOLE' };
  if (number < QUANTITY_MIN || number > QUANTITY_MAX)
    return { ok: false, problem: 'QUANTITY_OUT_OF_RANGE' };
  return { ok: true, quantity: number };
}

/** An entry's quantity after adding more to it must stay within the same range. */
export function isQuantityInRange(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= QUANTITY_MIN && quantity <= QUANTITY_MAX;
}
