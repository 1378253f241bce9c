/**
 * How an extra-fields form is shown and read back as plain form inputs: the field list as the
 * purchase form gives it (full definitions, or the purchase form's plain-field view) turned into
 * definitions, the labelled parts of each composite type, and the input names the /cart/add
 * route reads (`fields[<field id>]`, repeated once per part so the post carries the part list).
 */
import type { FormFieldDefinition, FormFieldType } from './field-types.ts';
import { isFormFieldType } from './field-types.ts';

/** The purchase form's view of one plain field (src/server/render/purchase-form.ts). */
export interface PurchaseFieldLike {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly placeholder?: string;
  readonly required: boolean;
  readonly maxLength?: number;
  readonly inputType: string;
  readonly options: readonly { readonly value: string }[];
  readonly isTextarea: boolean;
  readonly isSelect: boolean;
  readonly isChoice: boolean;
  readonly isCheckbox: boolean;
  readonly isSection: boolean;
}

/** One field of an extra-fields form as callers hold it. */
export type ExtraFieldSource = FormFieldDefinition | PurchaseFieldLike;

const INPUT_TYPE_FIELDS: Readonly<Record<string, FormFieldType>> = {
  email: 'email',
  number: 'number',
  url: 'website',
};

function isDefinition(field: ExtraFieldSource): field is FormFieldDefinition {
  return 'type' in field && isFormFieldType(field.type);
}

function purchaseFieldType(field: PurchaseFieldLike): FormFieldType {
  if (field.isSection) return 'section';
  if (field.isTextarea) return 'textarea';
  if (field.isSelect) return 'select';
  if (field.isCheckbox) return 'checkbox';
  if (field.isChoice) return 'radio';
  return INPUT_TYPE_FIELDS[field.inputType] ?? 'text';
}

/** The definition of a field given either way; the purchase form's view loses nothing we use. */
export function toFieldDefinition(field: ExtraFieldSource): FormFieldDefinition {
  if (isDefinition(field)) return field;
  return {
    id: field.id,
    type: purchaseFieldType(field),
    title: field.title,
    required: field.required,
    ...(field.description === undefined ? {} : { description: field.description }),
    ...(field.placeholder === undefined ? {} : { placeholder: field.placeholder }),
    ...(field.maxLength === undefined ? {} : { maxLength: field.maxLength }),
    ...(field.options.length === 0 ? {} : { options: field.options.map(({ value }) => value) }),
  };
}

export function toFieldDefinitions(
  fields: readonly ExtraFieldSource[],
): readonly FormFieldDefinition[] {
  return fields.map(toFieldDefinition);
}

/** The name every answer of a field is posted under. */
export function fieldInputName(fieldId: string): string {
  return `fields[${fieldId}]`;
}

/**
 * A likert answer is a map of question to answer, which `fields[<id>]` cannot carry: each
 * question is its own radio group under this name, read back by the browser and by the plain
 * form post (`answersFromForm` in shared/schemas/cart.ts).
 */
export function likertInputName(fieldId: string, question: string): string {
  return `fields[${fieldId}][${question}]`;
}

/** The answers a likert question offers, in the order shown. */
export const LIKERT_ANSWERS = [
  'Strongly Disagree',
  'Disagree',
  'Neutral',
  'Agree',
  'Strongly Agree',
] as const;

export interface FieldPart {
  readonly label: string;
  /** Input width in characters, a hint for short parts (day, hour, area code). */
  readonly size?: number;
  readonly inputMode?: 'numeric' | 'tel';
  /** A fixed set of answers (AM/PM), shown as a select. */
  readonly choices?: readonly string[];
}

const COMPOSITE_PARTS: Partial<Record<FormFieldType, readonly FieldPart[]>> = {
  name: [{ label: 'First Name' }, { label: 'Last Name' }],
  date: [
    { label: 'Month', size: 2, inputMode: 'numeric' },
    { label: 'Day', size: 2, inputMode: 'numeric' },
    { label: 'Year', size: 4, inputMode: 'numeric' },
  ],
  time: [
    { label: 'Hour', size: 2, inputMode: 'numeric' },
    { label: 'Minute', size: 2, inputMode: 'numeric' },
    { label: 'Second', size: 2, inputMode: 'numeric' },
    { label: 'AM/PM', choices: ['AM', 'PM'] },
  ],
  address: [
    { label: 'Address 1' },
    { label: 'Address 2' },
    { label: 'City' },
    { label: 'State' },
    { label: 'ZIP Code' },
    { label: 'Country' },
  ],
};

const PHONE_PARTS: readonly FieldPart[] = [
  { label: 'Area Code', size: 3, inputMode: 'tel' },
  { label: 'Prefix', size: 3, inputMode: 'tel' },
  { label: 'Line', size: 4, inputMode: 'tel' },
];

/**
 * The parts a composite field is answered in, in the order its value lists them; empty for
 * one-input fields. A phone without the country code posts 3 parts, which the value rules pad.
 */
export function fieldParts(field: FormFieldDefinition): readonly FieldPart[] {
  if (field.type === 'phone') {
    return field.showCountryCode === true
      ? [{ label: 'Country', size: 3, inputMode: 'tel' }, ...PHONE_PARTS]
      : PHONE_PARTS;
  }
  return COMPOSITE_PARTS[field.type] ?? [];
}
