/**
 * The character counter of a textarea with a maximum length (docs/behaviour/forms-and-captcha.md#character-counter): 'n / max',
 * in the error style when over. A maximum of 0, or one that is not a positive whole number,
 * disables the counter. Characters are Unicode code points, as the server counts them.
 */

export interface CharacterCount {
  readonly text: string;
  readonly over: boolean;
}

/** The maximum a counter runs against, or undefined when the counter is disabled. */
export function counterMaximum(max: unknown): number | undefined {
  const value = typeof max === 'string' && max.trim() !== '' ? Number(max) : max;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return undefined;
  return value;
}

export function characterCount(text: string, max: unknown): CharacterCount | undefined {
  const limit = counterMaximum(max);
  if (limit === undefined) return undefined;
  const count = [...text].length;
  return { text: `${count} / ${limit}`, over: count > limit };
}
