/**
 * Reads an extra-fields form's answers back from its inputs, in the shape the cart entry's
 * `additionalFields` takes (docs/behaviour/forms-and-captcha.md#field-value-shapes): one text for
 * single-value fields, radio and select; the checked values for a checkbox group; the list of
 * parts for composite fields; a map of question to answer for likert; hidden fields from the
 * page's query parameter, else their own value. Sections carry no answer.
 */
import type { AdditionalFields } from '../cart/additional-fields.ts';
import type { FormFieldDefinition } from './field-types.ts';
import { fieldInputName, fieldParts, likertInputName } from './extra-field-parts.ts';
import {
  hiddenFieldValue,
  normalizePhoneParts,
  type FieldValue,
  type QueryLike,
} from './values.ts';

/** What is read of a form's inputs: every value posted under a name (FormData.getAll). */
export interface FormValuesLike {
  getAll(name: string): readonly unknown[];
}

const texts = (values: readonly unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string');

function fieldAnswer(
  field: FormFieldDefinition,
  values: FormValuesLike,
  query: QueryLike,
): FieldValue {
  const posted = texts(values.getAll(fieldInputName(field.id)));
  if (field.type === 'hidden') return hiddenFieldValue(field, query);
  if (field.type === 'checkbox') return posted;
  if (field.type === 'likert') {
    const map: Record<string, string> = {};
    for (const question of field.options ?? []) {
      const [answer] = texts(values.getAll(likertInputName(field.id, question)));
      if (answer !== undefined) map[question] = answer;
    }
    return map;
  }
  if (field.type === 'phone') return normalizePhoneParts(posted);
  if (fieldParts(field).length > 0) return posted;
  return posted[0] ?? '';
}

export function readExtraFieldAnswers(
  fields: readonly FormFieldDefinition[],
  values: FormValuesLike,
  query: QueryLike,
): AdditionalFields {
  const answers: AdditionalFields = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    answers[field.id] = fieldAnswer(field, values, query);
  }
  return answers;
}
