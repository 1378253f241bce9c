/**
 * Field value shapes (docs/behaviour/forms-and-captcha.md#field-value-shapes): what each field type submits in the
 * form JSON, how a raw JSON value is checked against that shape, and when a value is empty.
 *
 * - address, date, name, time: arrays of text parts; phone too, where a 3-part number gets a
 *   leading empty part (the country code) so stored phones always have 4 parts;
 * - checkbox: the checked values; radio: the first checked value; select: the value;
 * - likert: a map of question to the checked answer;
 * - hidden: the same-named page query parameter if present, else the field's own value;
 * - text, textarea, email, number, website, currency: one text value; section: nothing.
 */
import type { FormFieldDefinition, FormFieldType } from './field-types.ts';
import { SINGLE_VALUE_FIELD_TYPES } from './field-types.ts';

export type LikertValue = Readonly<Record<string, string>>;
export type FieldValue = string | readonly string[] | LikertValue;

/** Most parts each composite type submits (address: line 1, line 2, city, state, postcode, country). */
export const FIELD_PARTS = {
  address: 6,
  date: 3,
  name: 2,
  time: 4,
  phone: 4,
} as const satisfies Partial<Record<FormFieldType, number>>;

/** A phone number given as 3 parts gets a leading empty part for the country code. */
export function normalizePhoneParts(parts: readonly string[]): readonly string[] {
  return parts.length === 3 ? ['', ...parts] : parts;
}

/** Something with a `get` like URLSearchParams: the page's query parameters. */
export interface QueryLike {
  get(name: string): string | null;
}

/**
 * A hidden field's value: the page query parameter named by its key when present, else its own
 * value. Whatever comes from the query is untrusted visitor text: stored as text, never as HTML.
 */
export function hiddenFieldValue(field: FormFieldDefinition, query: QueryLike): string {
  const fromQuery = field.key === undefined ? null : query.get(field.key);
  return fromQuery ?? field.value ?? '';
}

export type ParsedValue = { ok: true; value: FieldValue } | { ok: false };

const isStringArray = (raw: unknown): raw is string[] =>
  Array.isArray(raw) && raw.every((part) => typeof part === 'string');

/**
 * Checks a raw JSON answer against its field's shape. A missing answer (undefined or null) is
 * the empty value of the shape, so required checks, not shape checks, report it.
 */
export function parseFieldValue(field: FormFieldDefinition, raw: unknown): ParsedValue {
  const missing = raw === undefined || raw === null;
  const type = field.type;
  if (type === 'section') return { ok: true, value: '' };
  if (SINGLE_VALUE_FIELD_TYPES.includes(type) || type === 'radio' || type === 'select') {
    if (missing) return { ok: true, value: '' };
    return typeof raw === 'string' ? { ok: true, value: raw } : { ok: false };
  }
  if (type === 'checkbox') {
    if (missing) return { ok: true, value: [] };
    return isStringArray(raw) ? { ok: true, value: raw } : { ok: false };
  }
  if (type === 'likert') {
    if (missing) return { ok: true, value: {} };
    if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false };
    const entries = Object.entries(raw);
    if (!entries.every(([, answer]) => typeof answer === 'string')) return { ok: false };
    return { ok: true, value: Object.fromEntries(entries) as Record<string, string> };
  }
  // The rest are composite types: arrays of parts.
  const parts = (FIELD_PARTS as Partial<Record<FormFieldType, number>>)[type] ?? 0;
  if (missing) return { ok: true, value: [] };
  if (!isStringArray(raw) || raw.length > parts) return { ok: false };
  return { ok: true, value: type === 'phone' ? normalizePhoneParts(raw) : raw };
}

/** The text pieces of a value, for length checks and export. */
export function textParts(value: FieldValue): readonly string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value as readonly string[];
  return Object.values(value as LikertValue);
}

/** Empty: no part holds anything but whitespace. */
export function isEmptyValue(value: FieldValue): boolean {
  return textParts(value).every((part) => part.trim() === '');
}

/**
 * Answers as a plain HTML form posts them: a checkbox group with one box ticked arrives as one
 * text value, not a list (repeated names are what make a list). Each such answer becomes the
 * list its field's shape expects; every other answer is left for the shape check.
 */
export function listsFromPlainForm(
  fields: readonly Pick<FormFieldDefinition, 'id' | 'type'>[],
  answers: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const lists = new Set(fields.filter((field) => field.type === 'checkbox').map((f) => f.id));
  return Object.fromEntries(
    Object.entries(answers).map(([id, value]) => [
      id,
      lists.has(id) && typeof value === 'string' ? [value] : value,
    ]),
  );
}
