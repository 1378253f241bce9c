/**
 * The form block's schema (GET /api/template/GetTemplateSchema?type=form): the field types and
 * the builder settings each type takes (docs/behaviour/forms-and-captcha.md#field-types).
 *
 * Spec: text, textarea, email, number, website take description, placeholder, required;
 * currency takes currencySymbol; phone takes showCountryCode; radio, checkbox, select, likert
 * take options; section takes underline; hidden takes key and value; textarea also gets
 * maxLength when a flag is on.
 *
 * Our reading where the spec is silent: every field that visitors answer (all but section and
 * hidden) also has a title, a description and the required switch (docs/behaviour/forms-and-captcha.md#extra-field-forms checks
 * required radio, select and checkbox fields), and likert, which is never required-checked,
 * has no required switch. Section has a title; hidden has neither title nor required.
 */
import { FORM_FIELD_TYPES, type FormFieldType } from './field-types.ts';

export const DEFAULT_FORM_NAME = 'My Form Name';

export const BUILDER_SETTINGS = [
  'title',
  'description',
  'placeholder',
  'required',
  'currencySymbol',
  'showCountryCode',
  'options',
  'underline',
  'key',
  'value',
  'maxLength',
] as const;
export type BuilderSetting = (typeof BUILDER_SETTINGS)[number];

const ANSWERED: readonly BuilderSetting[] = ['title', 'description', 'required'];
const SINGLE_LINE: readonly BuilderSetting[] = ['title', 'description', 'placeholder', 'required'];

const SETTINGS: Record<FormFieldType, readonly BuilderSetting[]> = {
  text: SINGLE_LINE,
  textarea: SINGLE_LINE,
  email: SINGLE_LINE,
  number: SINGLE_LINE,
  website: SINGLE_LINE,
  currency: [...ANSWERED, 'currencySymbol'],
  phone: [...ANSWERED, 'showCountryCode'],
  radio: [...ANSWERED, 'options'],
  checkbox: [...ANSWERED, 'options'],
  select: [...ANSWERED, 'options'],
  likert: ['title', 'description', 'options'],
  section: ['title', 'underline'],
  hidden: ['key', 'value'],
  date: ANSWERED,
  name: ANSWERED,
  time: ANSWERED,
  address: ANSWERED,
};

export interface FormBlockSchemaOptions {
  /** The flag that gives textarea fields a maxLength setting. */
  readonly textareaMaxLength: boolean;
}

export interface FormBlockSchema {
  readonly type: 'form';
  readonly defaultName: string;
  readonly fieldTypes: readonly FormFieldType[];
  readonly settings: Readonly<Record<FormFieldType, readonly BuilderSetting[]>>;
}

export function builderSettings(
  type: FormFieldType,
  options: FormBlockSchemaOptions,
): readonly BuilderSetting[] {
  const base = SETTINGS[type];
  return type === 'textarea' && options.textareaMaxLength ? [...base, 'maxLength'] : base;
}

export function formBlockSchema(options: FormBlockSchemaOptions): FormBlockSchema {
  const settings = Object.fromEntries(
    FORM_FIELD_TYPES.map((type) => [type, builderSettings(type, options)]),
  ) as Record<FormFieldType, readonly BuilderSetting[]>;
  return { type: 'form', defaultName: DEFAULT_FORM_NAME, fieldTypes: FORM_FIELD_TYPES, settings };
}
