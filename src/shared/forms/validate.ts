/**
 * validateFormAnswers: the one validation of form answers, run by the browser before it submits
 * and by the server before it stores (docs/behaviour/forms-and-captcha.md#validation, docs/behaviour/forms-and-captcha.md#extra-field-forms). Returns the first
 * failing rule's message per field id; an empty object means the answers are valid.
 *
 * Rules, in order, per field:
 * 1. sections are skipped;
 * 2. a value whose shape does not fit the field type: 'Could not parse the form fields, …';
 * 3. required and empty: 'Required' (likert and hidden fields are never required-checked);
 * 4. any text part longer than the limit: 'You have exceeded the character limit.' — the
 *    field's maxLength, else TEXT_PART_LIMIT; an optional empty field never fails it;
 * 5. a chosen value not among the field's options: '{val} is not one of the expected options';
 * 6. an email field, when required or non-empty, must be a valid address.
 *
 * A form whose validation the merchant disabled (`validationDisabled`) keeps only the rules that
 * protect the store rather than guide the visitor: 2, TEXT_PART_LIMIT and 5 (a value off the
 * options is never typed by a visitor). Required fields, the field's own maxLength and the
 * email format no longer block the submission.
 *
 * Lengths count Unicode code points, so an emoji is one character on both sides.
 */
import { isValidEmail } from './email.ts';
import type { FormDefinitionLike, FormFieldDefinition } from './field-types.ts';
import { FORM_MESSAGES, notAnOptionMessage } from './messages.ts';
import {
  isEmptyValue,
  parseFieldValue,
  textParts,
  type FieldValue,
  type LikertValue,
} from './values.ts';

/** Longest text part accepted in any field without its own maxLength (abuse bound). */
export const TEXT_PART_LIMIT = 10_000;

export type FormErrors = Record<string, string>;

const characterCount = (text: string): number => [...text].length;

function chosenValues(field: FormFieldDefinition, value: FieldValue): readonly string[] {
  if (field.type === 'likert') return Object.keys(value as LikertValue);
  if (field.type === 'checkbox') return value as readonly string[];
  return value === '' ? [] : [value as string];
}

export interface ValidationOptions {
  /**
   * Whether a textarea's own maxLength applies: page forms honour it only while the site's
   * `formTextareaMaxLength` flag is on (the builder offers the setting only then). Default on.
   */
  readonly textareaMaxLength?: boolean;
  /** The form's validationDisabled: only the bounds and the options are checked. Default off. */
  readonly validationDisabled?: boolean;
}

function fieldError(
  field: FormFieldDefinition,
  raw: unknown,
  options: ValidationOptions,
): string | undefined {
  const parsed = parseFieldValue(field, raw);
  if (!parsed.ok) return FORM_MESSAGES.unparseable;
  const value = parsed.value;
  const empty = isEmptyValue(value);

  const merchantRules = options.validationDisabled !== true;
  const requiredChecked = merchantRules && field.type !== 'likert' && field.type !== 'hidden';
  if (requiredChecked && field.required === true && empty) return FORM_MESSAGES.required;

  const ownLimit =
    !merchantRules || (field.type === 'textarea' && options.textareaMaxLength === false)
      ? undefined
      : field.maxLength;
  const limit = ownLimit ?? TEXT_PART_LIMIT;
  if (textParts(value).some((part) => characterCount(part) > limit)) return FORM_MESSAGES.maxLength;

  if (field.options !== undefined) {
    const stray = chosenValues(field, value).find((chosen) => !field.options?.includes(chosen));
    if (stray !== undefined) return notAnOptionMessage(stray);
  }

  if (merchantRules && field.type === 'email' && (field.required === true || !empty)) {
    if (!isValidEmail((value as string).trim())) return FORM_MESSAGES.email;
  }
  return undefined;
}

export function validateFormAnswers(
  form: FormDefinitionLike,
  answers: Readonly<Record<string, unknown>>,
  options: ValidationOptions = {},
): FormErrors {
  const errors: FormErrors = {};
  for (const field of form.fields) {
    if (field.type === 'section') continue;
    const raw = Object.hasOwn(answers, field.id) ? answers[field.id] : undefined;
    const message = fieldError(field, raw, options);
    if (message !== undefined) errors[field.id] = message;
  }
  return errors;
}

/**
 * The answers to keep for a form that passed validation: one shaped value per non-section
 * field (missing answers become empty values), unknown field ids dropped.
 */
export function normalizeFormAnswers(
  form: FormDefinitionLike,
  answers: Readonly<Record<string, unknown>>,
): Record<string, FieldValue> {
  const kept: Record<string, FieldValue> = {};
  for (const field of form.fields) {
    if (field.type === 'section') continue;
    const parsed = parseFieldValue(
      field,
      Object.hasOwn(answers, field.id) ? answers[field.id] : undefined,
    );
    if (parsed.ok) kept[field.id] = parsed.value;
  }
  return kept;
}
