/**
 * The add-entry payload's `additionalFields` is the text of a JSON object of extra-field answers
 * keyed by form field id (docs/behaviour/cart.md#extra-field-answers). Absent, null or empty text means no answers.
 */

export type AdditionalFields = Record<string, unknown>;

export type AdditionalFieldsResult =
  { readonly ok: true; readonly answers: AdditionalFields | null } | { readonly ok: false };

export function parseAdditionalFields(text: string | null | undefined): AdditionalFieldsResult {
  if (text === undefined || text === null || text.trim() === '') return { ok: true, answers: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  // Answers are keyed by field id: an array, a string or a number cannot be that.
  if (parsed === null) return { ok: true, answers: null };
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false };
  return { ok: true, answers: parsed as AdditionalFields };
}
