/**
 * One variant's price, sale price and stock. Prices save through the product PATCH (validated
 * whole by the server: a sale price above the price is refused beside its field); stock through
 * the stock endpoint, a number or 'Unlimited'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, type FieldErrors } from '../api/client.ts';
import { productPath } from '../api/queries.ts';
import type { VariantRecord } from '../api/types.ts';
import { minorPerMajor } from '../format.ts';
import { SaveOutcome } from '../components/SaveOutcome.tsx';
import { useFocusFirstInvalid } from '../components/focus-first-invalid.ts';

function variantName(variant: VariantRecord): string {
  const values = Object.values(variant.attributes);
  return values.length > 0 ? values.join(' / ') : variant.sku;
}

export function VariantEditor({
  productId,
  variant,
  currency,
  canEditPrices,
  canEditStock,
}: {
  readonly productId: string;
  readonly variant: VariantRecord;
  readonly currency: string;
  readonly canEditPrices: boolean;
  readonly canEditStock: boolean;
}) {
  const client = useQueryClient();
  const unit = minorPerMajor(currency);
  const [price, setPrice] = useState(String(variant.price / unit));
  const [salePrice, setSalePrice] = useState(String(variant.salePrice / unit));
  const [onSale, setOnSale] = useState(variant.onSale);
  const [stock, setStock] = useState(String(variant.qtyInStock));
  const [unlimited, setUnlimited] = useState(variant.unlimited);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const ids = useId();
  const name = variantName(variant);
  const save = useMutation({
    mutationFn: async () => {
      const errors: Record<string, string> = {};
      const toMinor = (value: string, field: string) => {
        const number = Number(value);
        if (value.trim() === '' || !Number.isFinite(number) || number < 0) {
          errors[field] = 'Enter an amount of 0 or more';
          return 0;
        }
        return Math.round(number * unit);
      };
      const stockNumber = Number(stock);
      if (!unlimited && (!Number.isInteger(stockNumber) || stockNumber < 0))
        errors.stock = 'Enter a whole number of 0 or more';
      const patch = canEditPrices
        ? {
            id: variant.id,
            price: toMinor(price, 'price'),
            salePrice: toMinor(salePrice, 'salePrice'),
            onSale,
          }
        : undefined;
      setLocalErrors(errors);
      if (Object.keys(errors).length > 0)
        throw new ApiError(400, 'VALIDATION_FAILED', 'Check the fields marked below.', errors);
      if (patch)
        await api(productPath(productId), { method: 'PATCH', body: { variants: [patch] } });
      if (canEditStock)
        await api(`${productPath(productId)}/variants/${encodeURIComponent(variant.id)}/stock`, {
          method: 'PUT',
          body: unlimited ? { unlimited: true } : { unlimited: false, qtyInStock: stockNumber },
        });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['product', productId] }),
  });
  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  const fieldError = (field: string): string | undefined =>
    localErrors[field] ??
    serverFields[`variants.0.${field}`] ??
    (field === 'stock' ? serverFields.qtyInStock : undefined);
  const errorId = (field: string) => `${ids}-${field}-error`;
  const described = (field: string) =>
    fieldError(field) ? { 'aria-describedby': errorId(field), 'aria-invalid': true } : {};
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      ref={form}
      className="variant"
      onSubmit={submit}
      aria-label={`Variant ${name}`}
      noValidate
    >
      <h3>{name}</h3>
      <label>
        Price ({currency})
        <input
          inputMode="decimal"
          value={price}
          disabled={!canEditPrices}
          onChange={(e) => setPrice(e.target.value)}
          {...described('price')}
        />
      </label>
      {fieldError('price') ? (
        <p className="field-error" id={errorId('price')}>
          {fieldError('price')}
        </p>
      ) : null}
      <label>
        Sale price ({currency})
        <input
          inputMode="decimal"
          value={salePrice}
          disabled={!canEditPrices}
          onChange={(e) => setSalePrice(e.target.value)}
          {...described('salePrice')}
        />
      </label>
      {fieldError('salePrice') ? (
        <p className="field-error" id={errorId('salePrice')}>
          {fieldError('salePrice')}
        </p>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={onSale}
          disabled={!canEditPrices}
          onChange={(e) => setOnSale(e.target.checked)}
        />
        On sale
      </label>
      <label>
        Stock of {name}
        <input
          type="number"
          min={0}
          step={1}
          value={unlimited ? '' : stock}
          disabled={!canEditStock || unlimited}
          onChange={(e) => setStock(e.target.value)}
          {...described('stock')}
        />
      </label>
      {fieldError('stock') ? (
        <p className="field-error" id={errorId('stock')}>
          {fieldError('stock')}
        </p>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={unlimited}
          disabled={!canEditStock}
          onChange={(e) => setUnlimited(e.target.checked)}
        />
        Unlimited
      </label>
      {canEditPrices || canEditStock ? (
        <button type="submit" disabled={save.isPending}>
          Save {name}
        </button>
      ) : null}
      <SaveOutcome
        save={save}
        fieldErrorsShown={['price', 'salePrice', 'stock'].some((field) => fieldError(field))}
      />
    </form>
  );
}
