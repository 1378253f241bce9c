/** Reading form definitions and the site settings forms depend on. */
import { and, eq, inArray } from 'drizzle-orm';
import {
  readFormSiteSettings,
  isFormFieldType,
  type FormFieldDefinition,
  type FormSiteSettings,
} from '../../../shared/forms/index.ts';
import { getSiteSettings, schema, type AppDb, type AppTx } from '../../db/index.ts';
import type { FormSettings } from '../../db/schema.ts';

const { forms, products } = schema;

export interface StoredForm {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly FormFieldDefinition[];
  readonly settings: FormSettings;
}

export async function loadForm(
  db: AppDb | AppTx,
  siteId: string,
  formId: string,
): Promise<StoredForm | undefined> {
  const [row] = await db
    .select({ id: forms.id, name: forms.name, fields: forms.fields, settings: forms.settings })
    .from(forms)
    .where(and(eq(forms.siteId, siteId), eq(forms.id, formId)));
  if (!row) return undefined;
  // Fields were validated on import; a type this version does not know cannot be answered.
  const fields = row.fields.filter((field): field is typeof field & FormFieldDefinition =>
    isFormFieldType(field.type),
  );
  return { id: row.id, name: row.name, fields, settings: row.settings };
}

/**
 * The site settings forms read. Malformed settings (a site file from an older tool) read as
 * the defaults, so a form keeps taking submissions rather than failing.
 */
export async function loadFormSiteSettings(
  db: AppDb | AppTx,
  siteId: string,
): Promise<FormSiteSettings> {
  return readFormSiteSettings(await getSiteSettings(db, siteId));
}

/**
 * Field id → title in the extra-fields form of each of these products (repeats allowed), for
 * showing answers under their fields' titles: the form as it is now, a field without a title
 * under its id; a product without a form (or no longer in the catalog) is absent.
 */
export async function loadAnswerTitles(
  db: AppDb | AppTx,
  productIds: readonly string[],
): Promise<Map<string, ReadonlyMap<string, string>>> {
  const ids = [...new Set(productIds)];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ productId: products.id, fields: forms.fields })
          .from(products)
          .innerJoin(forms, eq(forms.id, products.additionalFieldsFormId))
          .where(inArray(products.id, ids));
  return new Map(
    rows.map((row) => [
      row.productId,
      new Map(row.fields.map((field) => [field.id, field.title?.trim() || field.id])),
    ]),
  );
}
