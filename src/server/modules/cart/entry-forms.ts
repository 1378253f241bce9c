/**
 * The extra-fields form of each cart entry's product, for the cart page's answer editor: the
 * entries whose product has a form, each with the form's id and fields (loaded once per form).
 */
import { eq } from 'drizzle-orm';
import type { FormFieldDefinition } from '../../../shared/forms/field-types.ts';
import { schema, type AppDb } from '../../db/index.ts';
import { loadForm } from '../forms/index.ts';

const { cartEntries, products } = schema;

export interface EntryForm {
  readonly formId: string;
  readonly fields: readonly FormFieldDefinition[];
}

export async function loadEntryForms(
  db: AppDb,
  siteId: string,
  cartId: string,
): Promise<Map<string, EntryForm>> {
  const rows = await db
    .select({ entryId: cartEntries.id, formId: products.additionalFieldsFormId })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .where(eq(cartEntries.cartId, cartId));
  const formIds = [...new Set(rows.flatMap((row) => (row.formId ? [row.formId] : [])))];
  const forms = new Map<string, EntryForm>();
  for (const formId of formIds) {
    const form = await loadForm(db, siteId, formId);
    if (form && form.fields.length > 0) forms.set(formId, { formId, fields: form.fields });
  }
  const byEntry = new Map<string, EntryForm>();
  for (const row of rows) {
    const form = row.formId ? forms.get(row.formId) : undefined;
    if (form) byEntry.set(row.entryId, form);
  }
  return byEntry;
}
