/**
 * Answers to a product's extra-fields form (docs/behaviour/forms-and-captcha.md#extra-field-forms):
 * when the product has a form, answers are required and validated with the shared form
 * rules (the same ones the browser runs), and failures come back keyed by field id. What is
 * stored is the normalized answers: one shaped value per field, unknown ids dropped, so the
 * "same answers" comparison that merges entries is not fooled by stray keys.
 */
import { eq } from 'drizzle-orm';
import type { AdditionalFields } from '../../../shared/cart/additional-fields.ts';
import { AppError } from '../../../shared/errors.ts';
import { listsFromPlainForm } from '../../../shared/forms/values.ts';
import {
  isFormFieldType,
  normalizeFormAnswers,
  validateFormAnswers,
  type FormDefinitionLike,
  type FormFieldDefinition,
} from '../../../shared/forms/index.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { FormField } from '../../db/schema.ts';

const { forms } = schema;

/** A stored form's fields as the shared rules read them. */
export function formOfFields(fields: readonly FormField[]): FormDefinitionLike {
  // Stored fields were validated on import; a type this version does not know cannot be checked.
  return {
    fields: fields.filter((field): field is typeof field & FormFieldDefinition =>
      isFormFieldType(field.type),
    ),
  };
}

async function loadForm(
  db: AppDb,
  siteId: string,
  formId: string,
): Promise<FormDefinitionLike | undefined> {
  const [row] = await db
    .select({ siteId: forms.siteId, fields: forms.fields })
    .from(forms)
    .where(eq(forms.id, formId));
  if (!row || row.siteId !== siteId) return undefined;
  return formOfFields(row.fields);
}

/**
 * The answers to store for an entry of this product, or an ADDITIONAL_FIELDS_INVALID refusal.
 * Products without a form keep no answers.
 */
export async function checkExtraFields(
  /** The database or a transaction: the form is only read. */
  db: AppDb,
  siteId: string,
  formId: string | null,
  answers: AdditionalFields | null,
  /** The answers came from a plain form post (JavaScript off): see listsFromPlainForm. */
  fromPlainForm = false,
): Promise<AdditionalFields | null> {
  if (formId === null) return null;
  return judgeExtraFields(await loadForm(db, siteId, formId), answers, fromPlainForm);
}

/**
 * checkExtraFields with the product's form already read (undefined: the product has none, or
 * its form is not this site's): an add to cart reads it with the product and the cart.
 */
export function judgeExtraFields(
  form: FormDefinitionLike | undefined,
  answers: AdditionalFields | null,
  fromPlainForm = false,
): AdditionalFields | null {
  if (!form) return null;
  if (fromPlainForm && answers !== null) answers = listsFromPlainForm(form.fields, answers);
  const errors = validateFormAnswers(form, answers ?? {});
  if (answers === null || Object.keys(errors).length > 0) {
    throw new AppError(
      'ADDITIONAL_FIELDS_INVALID',
      Object.keys(errors).length > 0 ? { fields: errors } : {},
    );
  }
  return normalizeFormAnswers(form, answers);
}
