/**
 * Form field types and the form definition shape (docs/behaviour/forms-and-captcha.md#field-types). Page forms and product extra-field forms share
 * these types; the site file (src/shared/site-file) re-exports them.
 */

/** The types a visitor answers by typing one text. */
const TYPED_FIELD_TYPES = ['text', 'textarea', 'email', 'number', 'website', 'currency'] as const;

/** The form builder's types plus the platform's composite ones (date, name, time, address). */
export const FORM_FIELD_TYPES = [
  ...TYPED_FIELD_TYPES,
  'phone',
  'radio',
  'checkbox',
  'select',
  'likert',
  'section',
  'hidden',
  'date',
  'name',
  'time',
  'address',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Field types whose answers are chosen from `options`. */
export const OPTION_FIELD_TYPES: readonly FormFieldType[] = [
  'radio',
  'checkbox',
  'select',
  'likert',
];

/** Field types that accept a `maxLength`. */
export const MAX_LENGTH_FIELD_TYPES: readonly FormFieldType[] = ['text', 'textarea'];

/** Field types whose answer is one text value. */
export const SINGLE_VALUE_FIELD_TYPES: readonly FormFieldType[] = [...TYPED_FIELD_TYPES, 'hidden'];

export function isFormFieldType(value: unknown): value is FormFieldType {
  return typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);
}

/** One field of a form definition, as stored and as the site file declares it. */
export interface FormFieldDefinition {
  readonly id: string;
  readonly type: FormFieldType;
  readonly title?: string;
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly options?: readonly string[];
  readonly description?: string;
  readonly placeholder?: string;
  readonly currencySymbol?: string;
  readonly showCountryCode?: boolean;
  readonly underline?: boolean;
  /** Hidden fields: the page query parameter that fills the value. */
  readonly key?: string;
  /** Hidden fields: the value used when the query parameter is absent. */
  readonly value?: string;
}

/** What validation needs of a form: its fields. */
export interface FormDefinitionLike {
  readonly fields: readonly FormFieldDefinition[];
}
