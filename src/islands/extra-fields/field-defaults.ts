/**
 * The text pieces of a stored answer, for filling a form's inputs with what was answered before
 * (the cart page's answer editor): one text, a list of parts or checked values, or a likert map.
 */
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';

export function answerTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((part): part is string => typeof part === 'string');
  if (typeof value === 'object' && value !== null)
    return Object.values(value).filter((part): part is string => typeof part === 'string');
  return [];
}

/**
 * The stored parts of a composite field, one per input. A phone number is stored with its
 * country code first even when the form asks none: the last `count` parts are the inputs'.
 */
export function partDefaults(value: unknown, count: number): string[] {
  const parts = answerTexts(value).slice(-count);
  return Array.from({ length: count }, (_, index) => parts[index] ?? '');
}

/** A likert field's stored answer to one question. */
export function likertDefault(value: unknown, question: string): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const answer = (value as Record<string, unknown>)[question];
  return typeof answer === 'string' ? answer : undefined;
}

/** The stored answer of a field, when the defaults hold one. */
export function storedAnswer(
  defaults: Readonly<Record<string, unknown>> | null | undefined,
  field: Pick<FormFieldDefinition, 'id'>,
): unknown {
  return defaults && Object.hasOwn(defaults, field.id) ? defaults[field.id] : undefined;
}
