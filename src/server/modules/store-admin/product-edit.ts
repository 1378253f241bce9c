/**
 * Applying an owner's product patch in one transaction: the product row is locked, the patch is
 * merged and validated whole (product-patch.ts), the form it names must be one of the site's
 * (the import's cross-record rule), then the product and the patched variants are written.
 * Any refusal changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { schema, type Database } from '../../db/index.ts';
import { applyProductPatch, type ProductPatch } from './product-patch.ts';
import { loadProductRecord, type ProductRecord } from './product-record.ts';

const { products, variants, forms } = schema;

export async function editProduct(
  database: Database,
  siteId: string,
  productId: string,
  patch: ProductPatch,
): Promise<ProductRecord> {
  return database.withTransaction(async (tx) => {
    const current = await loadProductRecord(tx, siteId, productId, { lock: true });
    if (!current) throw new AppError('PRODUCT_NOT_FOUND');
    const outcome = applyProductPatch(current, patch);
    if (!outcome.ok) throw new AppError('VALIDATION_FAILED', { fields: outcome.fields });
    const next = outcome.product;

    if (patch.additionalFieldsFormId) {
      const [form] = await tx
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.id, patch.additionalFieldsFormId), eq(forms.siteId, siteId)));
      if (!form)
        throw new AppError('VALIDATION_FAILED', {
          fields: { additionalFieldsFormId: `No form with id "${patch.additionalFieldsFormId}"` },
        });
    }

    await tx
      .update(products)
      .set({
        title: next.title,
        description: next.description ?? null,
        excerpt: next.excerpt ?? null,
        status: next.status ?? 'published',
        publishOn: next.publishOn === undefined ? null : new Date(next.publishOn),
        tags: next.tags,
        categories: next.categories,
        useCustomAddButtonText: next.useCustomAddButtonText,
        customAddButtonText: next.customAddButtonText ?? null,
        variantDisplay: next.variantDisplay,
        variantOptionOrdering: next.variantOptionOrdering,
        isSubscribable: next.isSubscribable,
        subscriptionPlan: next.subscriptionPlan ?? null,
        additionalFieldsFormId: next.additionalFieldsFormId ?? null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, productId), eq(products.siteId, siteId)));
    for (const change of patch.variants ?? []) {
      const edited = next.variants.find((entry) => entry.id === change.id);
      if (!edited) continue;
      await tx
        .update(variants)
        .set({
          price: edited.price,
          salePrice: edited.salePrice,
          onSale: edited.onSale,
          updatedAt: sql`now()`,
        })
        .where(and(eq(variants.id, edited.id), eq(variants.productId, productId)));
    }
    return next;
  });
}
