/**
 * The products of the store in the store's order, whatever their status, a page at a time:
 * image, title, the price range a shopper pays now, the stock over every variant, the status.
 */
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useProducts } from '../api/queries.ts';
import type { ProductSummary } from '../api/types.ts';
import { useStoreCurrency } from '../api/products.ts';
import { useCursorPages } from '../components/CursorPager.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import { QueryBoundary } from '../components/PageState.tsx';
import { STATUS_LABELS, formatCount, formatMoney } from '../format.ts';

const column = createColumnHelper<ProductSummary>();

function priceText(range: ProductSummary['priceRange'], currency: string): string {
  if (!range) return '—';
  const low = formatMoney(range.min, currency);
  return range.min === range.max ? low : `${low} – ${formatMoney(range.max, currency)}`;
}

function columns(currency: string) {
  return [
    column.accessor('image', {
      header: 'Image',
      cell: (info) => {
        const image = info.getValue();
        // The title beside it names the product: an image without alt text is decoration here.
        return image ? (
          <img className="thumb" src={image.src} alt={image.alt} width={48} height={48} />
        ) : null;
      },
    }),
    column.accessor('title', {
      header: 'Product',
      cell: (info) => <Link to={`/products/${info.row.original.id}`}>{info.getValue()}</Link>,
    }),
    column.accessor('priceRange', {
      header: 'Price',
      cell: (info) => priceText(info.getValue(), currency),
    }),
    column.accessor('stockTotal', {
      header: 'Stock',
      cell: (info) => {
        const total = info.getValue();
        if (total === null) return 'Unlimited';
        return total === 0 ? 'Sold out' : `${formatCount(total)} in stock`;
      },
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => STATUS_LABELS[info.getValue()],
    }),
  ];
}

export function ProductsPage() {
  const pages = useCursorPages();
  const query = useProducts(pages.cursor);
  const currency = useStoreCurrency();
  return (
    <>
      <h1>Products</h1>
      <QueryBoundary query={query} what="products" forbiddenTo="see products">
        {(page) => (
          <PagedTable
            empty="No products yet."
            pages={pages}
            page={page}
            caption="Products"
            columns={columns(currency)}
            rows={page.products}
            rowKey={(row) => row.id}
          />
        )}
      </QueryBoundary>
    </>
  );
}
