/**
 * Everything an add to cart judges before it writes, in one statement taking no lock
 * (docs/adr/014-add-to-cart-writes-against-the-cart-version.md):
 * - the published product with its variants in the product's order, and the fields of its
 *   extra-fields form when it has one of this site (what the inventory lookup and the form read
 *   answered apart before: one round trip instead of two or three);
 * - the open cart of the cookie's token with its version (the row's `xmin`, which every cart
 *   write changes, as each locks the cart by an UPDATE: cart-locks.ts), its lines priced now
 *   (as linesOfCart reads them) and where a new entry goes.
 * The add's write (add-write.ts) applies only while the cart is still at this version, so what
 * the shared rules judged from these lines is what the cart holds when it is written.
 *
 * The cart it answers is these lines with the write applied in memory (withAddedQuantity,
 * withNewLine), not a second read.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FormDefinitionLike } from '../../../shared/forms/index.ts';
import { preparedRaw, schema, type AppDb } from '../../db/index.ts';
import type { FormField } from '../../db/schema.ts';
import { publishedNow } from '../content/index.ts';
import { cartLinesJson, cartLinesSchema } from './cart-lines-json.ts';
import type { StoredCartLine } from './cart-queries.ts';
import { formOfFields } from './extra-fields.ts';

const { carts, cartEntries, forms, products, variants } = schema;

/** A variant as an add chooses and prices it. */
export interface AddProductVariant {
  readonly id: string;
  readonly sku: string;
  readonly attributes: Record<string, string>;
  readonly price: number;
  readonly salePrice: number;
  readonly onSale: boolean;
}

/** What the purchase rules and the variant choice read of the product. */
export interface AddProduct {
  readonly id: string;
  readonly productType: number;
  readonly title: string;
  readonly isSubscribable: boolean;
  readonly subscriptionPlan: unknown;
  /** Option names in display order. */
  readonly variantOptionOrdering: readonly string[];
  readonly variants: readonly AddProductVariant[];
  /** The product's extra-fields form; undefined when it has none (or one of another site). */
  readonly form: FormDefinitionLike | undefined;
}

/** The open cart an add writes to, as read; `version` is what add-write.ts checks. */
export interface AddContextCart {
  readonly id: string;
  readonly siteId: string;
  readonly token: string;
  readonly currency: string;
  readonly created: Date;
  readonly version: string;
}

export interface AddContext {
  /** The product when it is published on the site; undefined otherwise. */
  readonly product: AddProduct | undefined;
  /** The open cart of the token; undefined when there is none (the add creates one). */
  readonly cart: AddContextCart | undefined;
  /** The cart's lines in cart order (none without a cart). */
  readonly lines: readonly StoredCartLine[];
  /** Where a new entry goes: the end of the cart. */
  readonly nextPosition: number;
}

const variantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  price: z.number(),
  salePrice: z.number(),
  onSale: z.boolean(),
});

const productSchema = z.object({
  id: z.string(),
  productType: z.number(),
  title: z.string(),
  isSubscribable: z.boolean(),
  subscriptionPlan: z.unknown(),
  variantOptionOrdering: z.array(z.string()),
  variants: z.array(variantSchema),
  // Stored form fields were validated on import; formOfFields keeps the types this version knows.
  formFields: z.custom<FormField[] | null>((value) => value === null || Array.isArray(value)),
});

// One row always: the columns of the cart are null when the token names no open cart.
const contextRows = z.array(
  z.object({
    product: productSchema.nullable(),
    id: z.string().nullable(),
    site_id: z.string().nullable(),
    token: z.string().nullable(),
    currency: z.string().nullable(),
    // Both drivers parse timestamptz into a Date; coerced so text would read the same.
    created: z.coerce.date().nullable(),
    version: z.string().nullable(),
    lines: cartLinesSchema,
    next_position: z.number(),
  }),
);

// Raw SQL renders a column with its table's name: publishedNow reads "products", unaliased.
const contextStatement = preparedRaw(
  'cart_add_context',
  sql`
    select
      (select json_build_object(
                'id', ${products.id}, 'productType', ${products.productType},
                'title', ${products.title}, 'isSubscribable', ${products.isSubscribable},
                'subscriptionPlan', ${products.subscriptionPlan},
                'variantOptionOrdering', ${products.variantOptionOrdering},
                'formFields', f.fields,
                'variants', coalesce((
                  select json_agg(json_build_object(
                           'id', v.id, 'sku', v.sku, 'attributes', v.attributes, 'price', v.price,
                           'salePrice', v.sale_price, 'onSale', v.on_sale)
                         order by v.position, v.id)
                    from ${variants} v where v.product_id = ${products.id}
                ), '[]'::json))
         from ${products}
         left join ${forms} f
           on f.id = ${products.additionalFieldsFormId} and f.site_id = ${products.siteId}
        where ${products.id} = ${sql.placeholder('itemId')}
          and ${products.siteId} = ${sql.placeholder('siteId')}
          and ${publishedNow(products)}) as product,
      c.id, c.site_id, c.token, c.currency, c.created, c.xmin::text as version,
      ${cartLinesJson(sql`c.id`)} as lines,
      coalesce((select max(e.position) + 1 from ${cartEntries} e where e.cart_id = c.id), 0)::int
        as next_position
      from (select 1) as one
      left join ${carts} c
        on c.token = ${sql.placeholder('token')} and c.site_id = ${sql.placeholder('siteId')}
       and c.kind = 'standard' and not c.is_purchased`,
);

export async function readAddContext(
  db: AppDb,
  input: {
    readonly siteId: string;
    readonly itemId: string;
    /** The cart cookie's token; undefined: no cart to read (the add makes a cart of its own). */
    readonly cartToken: string | undefined;
  },
): Promise<AddContext> {
  const result = await contextStatement(db).execute({
    itemId: input.itemId,
    siteId: input.siteId,
    token: input.cartToken ?? null,
  });
  const [row] = contextRows.parse(result.rows);
  if (!row) throw new Error('the add context statement returned no row');
  const { product: found, id, site_id: siteId, token, currency, created, version } = row;
  const product = found
    ? {
        ...found,
        form: found.formFields === null ? undefined : formOfFields(found.formFields),
      }
    : undefined;
  const cart =
    id !== null &&
    siteId !== null &&
    token !== null &&
    currency !== null &&
    created !== null &&
    version !== null
      ? { id, siteId, token, currency, created, version }
      : undefined;
  return { product, cart, lines: row.lines, nextPosition: row.next_position };
}

/** The lines after adding `quantity` to the entry `entryId`. */
export function withAddedQuantity(
  lines: readonly StoredCartLine[],
  entryId: string,
  quantity: number,
): StoredCartLine[] {
  return lines.map((line) =>
    line.id === entryId ? { ...line, quantity: line.quantity + quantity } : line,
  );
}

/** The lines after a new entry went in at the end of the cart (its position is the largest). */
export function withNewLine(
  lines: readonly StoredCartLine[],
  line: StoredCartLine,
): StoredCartLine[] {
  return [...lines, line];
}
