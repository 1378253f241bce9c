/** The owner order API's base path and its `:orderId` parameter. */
import { z } from 'zod';

export const OWNER_ORDERS_PATH = '/api/vitrine/owner/orders';

export const orderParams = z.strictObject({
  orderId: z.string().regex(/^[0-9a-f-]{36}$/, 'Not an order id'),
});
