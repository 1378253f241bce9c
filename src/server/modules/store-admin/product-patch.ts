/**
 * What an owner may change on a product (PATCH /api/vitrine/owner/products/:productId), and how
 * a change is checked: the patch's fields are the site file's own (productRecord and
 * variantRecord of src/shared/site-file/records.ts, taken from their shapes, never restated),
 * and the product it would produce is validated whole by productRecord, exactly as an import
 * would validate it, so cross-field rules (a sale price below the price, a plan for a
 * subscribable product, the custom button text, the option ordering) hold after every edit.
 */
import { z } from 'zod';
import { productRecord, variantRecord } from '../../../shared/site-file/index.ts';
import type { ProductRecord } from './product-record.ts';

const product = productRecord.shape;
const variant = variantRecord.shape;

/** A field a record may leave out: in a patch, null removes it. */
function clearable<T extends z.ZodType>(field: z.ZodOptional<T>) {
  return field.unwrap().nullable().optional();
}

/** The record's defaults belong to an import; in a patch a missing field means "unchanged". */
function changeable<T extends z.ZodType>(field: z.ZodDefault<T> | z.ZodOptional<T>) {
  return field.unwrap().optional();
}

export const variantPatch = z.strictObject({
  id: variant.id,
  price: variant.price.optional(),
  salePrice: changeable(variant.salePrice),
  onSale: changeable(variant.onSale),
});

export const productPatch = z
  .strictObject({
    title: product.title.optional(),
    description: clearable(product.description),
    excerpt: clearable(product.excerpt),
    status: changeable(product.status),
    /** When a scheduled product appears; a product saved as "scheduled" needs one. */
    publishOn: clearable(product.publishOn),
    tags: changeable(product.tags),
    categories: changeable(product.categories),
    useCustomAddButtonText: changeable(product.useCustomAddButtonText),
    customAddButtonText: clearable(product.customAddButtonText),
    variantDisplay: changeable(product.variantDisplay),
    variantOptionOrdering: changeable(product.variantOptionOrdering),
    isSubscribable: changeable(product.isSubscribable),
    subscriptionPlan: clearable(product.subscriptionPlan),
    additionalFieldsFormId: clearable(product.additionalFieldsFormId),
    /** Prices and sale state of some variants, each named by id. */
    variants: z
      .array(variantPatch)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((entry, index) => {
          if (seen.has(entry.id))
            ctx.addIssue({
              code: 'custom',
              path: [index, 'id'],
              message: `Variant "${entry.id}" is listed twice`,
            });
          seen.add(entry.id);
        });
      })
      .optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Send at least one field to change',
  });

export type ProductPatch = z.output<typeof productPatch>;

export type PatchOutcome =
  { ok: true; product: ProductRecord } | { ok: false; fields: Record<string, string> };

type Path = readonly PropertyKey[];

function fieldsOf(issues: readonly { path: Path; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The product `current` with `patch` applied, validated as the import validates a product;
 * problems are named by the patch's own paths (`variants.0.salePrice` is the patch's first
 * variant, whatever its place in the product).
 */
export function applyProductPatch(current: ProductRecord, patch: ProductPatch): PatchOutcome {
  const { variants: variantChanges, ...changes } = patch;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  // A publish time belongs to a schedule: a product taken out of "scheduled" (published now,
  // back to draft, private) loses it unless the patch sends one, so a later return to
  // "scheduled" never brings back a forgotten date and the sitemap never dates a page ahead.
  const leavesSchedule =
    current.status === 'scheduled' &&
    changes.status !== undefined &&
    changes.status !== 'scheduled';
  if (leavesSchedule && changes.publishOn === undefined) delete merged.publishOn;

  const unknown: { path: Path; message: string }[] = [];
  const variants = current.variants.map((entry) => ({ ...entry }));
  variantChanges?.forEach((change, index) => {
    const target = variants.find((entry) => entry.id === change.id);
    if (!target) {
      unknown.push({
        path: ['variants', index, 'id'],
        message: `No variant "${change.id}" in this product`,
      });
      return;
    }
    if (change.price !== undefined) target.price = change.price;
    if (change.salePrice !== undefined) target.salePrice = change.salePrice;
    if (change.onSale !== undefined) target.onSale = change.onSale;
  });
  if (unknown.length > 0) return { ok: false, fields: fieldsOf(unknown) };
  merged.variants = variants;

  const checked = productRecord.safeParse(merged);
  if (checked.success) return { ok: true, product: checked.data };
  const patchIndex = new Map(variantChanges?.map((change, index) => [change.id, index]));
  return {
    ok: false,
    fields: fieldsOf(
      checked.error.issues.map((issue) => {
        const [head, position, ...rest] = issue.path;
        if (head !== 'variants' || typeof position !== 'number') return issue;
        const id = variants[position]?.id;
        const index = id === undefined ? undefined : patchIndex.get(id);
        return index === undefined ? issue : { ...issue, path: ['variants', index, ...rest] };
      }),
    ),
  };
}
