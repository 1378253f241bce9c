/**
 * Bodies and path parameters of the owner stock endpoints. The stock rules are the site file's
 * (variantRecord: a whole number 0 … LIMITS.maxQtyInStock), taken from its schema, not restated.
 */
import { z } from 'zod';
import { LIMITS, recordId, variantRecord } from '../../../shared/site-file/index.ts';

const { qtyInStock, unlimited } = variantRecord.shape;

export const variantParams = z.strictObject({ productId: recordId, variantId: recordId });

/** PUT …/stock: either field or both; the one left out keeps its value. */
export const setStockBody = z
  .strictObject({
    // The record's defaults (0, false) belong to an import; here a missing field means "unchanged".
    qtyInStock: qtyInStock.unwrap().optional(),
    unlimited: unlimited.unwrap().optional(),
  })
  .refine((body) => body.qtyInStock !== undefined || body.unlimited !== undefined, {
    message: 'Send qtyInStock, unlimited, or both',
    path: ['qtyInStock'],
  });

/** POST …/stock/adjust: units counted back in (returns) or out (shrinkage). */
export const adjustStockBody = z.strictObject({
  delta: z
    .int('Must be a whole number')
    .min(-LIMITS.maxQtyInStock)
    .max(LIMITS.maxQtyInStock)
    .refine((delta) => delta !== 0, 'Must not be 0'),
});
