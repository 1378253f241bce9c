/**
 * How a page form's fields become HTML inputs and back (docs/behaviour/forms-and-captcha.md#field-value-shapes).
 * The server-rendered form, the no-JavaScript post and the island all use these names, so the
 * posted form and the island's FormData read back into the same answer shapes:
 *
 * - one-value fields (text, textarea, email, number, website, currency, hidden), radio and
 *   select: `f:{id}`; checkbox: `f:{id}` once per checked option;
 * - address, date, name, time, phone: one input per part, `f:{id}:{n}`; a phone without the
 *   country code has 3 inputs, and its value gets the leading empty part (normalizePhoneParts);
 * - likert: one radio group per question, `f:{id}:{question index}`, answered with a label of
 *   the scale.
 */
import type { FormFieldDefinition, FormFieldType } from './field-types.ts';
import { SINGLE_VALUE_FIELD_TYPES } from './field-types.ts';
import { normalizePhoneParts, type FieldValue } from './values.ts';

/** The visible label of each part of a composite field, in submission order. */
export const FIELD_PART_LABELS = {
  name: ['First Name', 'Last Name'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'AM/PM'],
  address: ['Address 1', 'Address 2', 'City', 'State', 'ZIP Code', 'Country'],
  phone: ['Country', 'Area Code', 'Prefix', 'Line'],
} as const satisfies Partial<Record<FormFieldType, readonly string[]>>;

export type CompositeFieldType = keyof typeof FIELD_PART_LABELS;

export function isCompositeType(type: FormFieldType): type is CompositeFieldType {
  return Object.hasOwn(FIELD_PART_LABELS, type);
}

/** The parts a field shows: a phone without the country code shows its last three. */
export function fieldPartLabels(
  field: Pick<FormFieldDefinition, 'type' | 'showCountryCode'>,
): readonly string[] {
  if (!isCompositeType(field.type)) return [];
  const labels = FIELD_PART_LABELS[field.type];
  return field.type === 'phone' && field.showCountryCode !== true ? labels.slice(1) : labels;
}

export function fieldInputName(fieldId: string): string {
  return `f:${fieldId}`;
}

export function partInputName(fieldId: string, index: number): string {
  return `f:${fieldId}:${index}`;
}

/** Something with FormData's and URLSearchParams' `getAll`. */
export interface EntriesLike {
  getAll(name: string): readonly unknown[];
}

const texts = (entries: EntriesLike, name: string): string[] =>
  entries.getAll(name).filter((value): value is string => typeof value === 'string');

/** A plain-object body (a parsed form post) as EntriesLike: arrays are repeated inputs. */
export function entriesOfBody(body: unknown): EntriesLike {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return {
    getAll(name) {
      if (!Object.hasOwn(record, name)) return [];
      const value: unknown = record[name];
      return Array.isArray(value) ? (value as unknown[]) : [value];
    },
  };
}

function fieldAnswer(field: FormFieldDefinition, entries: EntriesLike): FieldValue | undefined {
  const name = fieldInputName(field.id);
  if (SINGLE_VALUE_FIELD_TYPES.includes(field.type) || field.type === 'radio') {
    return texts(entries, name)[0];
  }
  if (field.type === 'select') {
    const chosen = texts(entries, name)[0];
    return chosen === undefined || chosen === '' ? undefined : chosen;
  }
  if (field.type === 'checkbox') return texts(entries, name);
  if (field.type === 'likert') {
    const answers: Record<string, string> = {};
    (field.options ?? []).forEach((question, index) => {
      const answer = texts(entries, partInputName(field.id, index))[0];
      if (answer !== undefined) answers[question] = answer;
    });
    return answers;
  }
  const labels = fieldPartLabels(field);
  const parts = labels.map((_, index) => texts(entries, partInputName(field.id, index))[0]);
  if (parts.every((part) => part === undefined)) return undefined;
  const filled = parts.map((part) => part ?? '');
  return field.type === 'phone' ? normalizePhoneParts(filled) : filled;
}

/**
 * The answers of a posted form (or the island's FormData), keyed by field id in the shapes of
 * docs/behaviour/forms-and-captcha.md#field-types. Sections give nothing; inputs that belong to no field are ignored.
 */
export function answersFromEntries(
  fields: readonly FormFieldDefinition[],
  entries: EntriesLike,
): Record<string, FieldValue> {
  const answers: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    const answer = fieldAnswer(field, entries);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}
