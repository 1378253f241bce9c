/**
 * One variant's price, sale price and stock. Prices save through the product PATCH (validated
 * whole by the server: a sale price above the price is refused beside its field); stock through
 * the stock endpoint, a number or 'Unlimited'. Unsaved values are kept in the tab through a
 * login that ends mid-edit (form-draft.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError, type FieldErrors } from '../api/client.ts';
import { productPath } from '../api/queries.ts';
import type { VariantRecord } from '../api/types.ts';
import { useFormDraft } from '../form-draft.ts';
import { minorPerMajor } from '../format.ts';
import { DraftNotice } from '../components/DraftNotice.tsx';
import { SaveOutcome } from '../components/SaveOutcome.tsx';
import { useFieldErrors } from '../components/field-errors.tsx';
import { SaveForm } from '../components/SaveForm.tsx';
import { LabelledInput } from '../components/LabelledInput.tsx';
import { Checkbox } from '../components/Checkbox.tsx';
import { draftInputs } from '../components/draft-inputs.ts';

/** The server's keys of a variant's refused fields, to the fields of this form. */
const SERVER_KEYS = {
  'variants.0.price': 'price',
  'variants.0.salePrice': 'salePrice',
  'variants.0.qtyInStock': 'stock',
  qtyInStock: 'stock',
};

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
  const draft = useFormDraft(`variant:${variant.id}`, {
    price: String(variant.price / unit),
    salePrice: String(variant.salePrice / unit),
    onSale: variant.onSale,
    stock: String(variant.qtyInStock),
    unlimited: variant.unlimited,
  });
  const { price, salePrice, onSale, stock, unlimited } = draft.values;
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
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
    onSuccess: () => {
      draft.clear();
      return client.invalidateQueries({ queryKey: ['product', productId] });
    },
  });
  const errors = useFieldErrors(save.error, {
    local: localErrors,
    rename: SERVER_KEYS,
  });
  const inputs = draftInputs(draft, errors);
  return (
    <SaveForm save={save} errors={errors} className="variant" aria-label={`Variant ${name}`}>
      <h3>{name}</h3>
      <DraftNotice draft={draft} what={name} />
      <LabelledInput
        label={`Price (${currency})`}
        inputMode="decimal"
        disabled={!canEditPrices}
        {...inputs.text('price')}
      />
      <LabelledInput
        label={`Sale price (${currency})`}
        inputMode="decimal"
        disabled={!canEditPrices}
        {...inputs.text('salePrice')}
      />
      <Checkbox label="On sale" disabled={!canEditPrices} {...inputs.checkbox('onSale')} />
      <LabelledInput
        label={`Stock of ${name}`}
        type="number"
        min={0}
        step={1}
        disabled={!canEditStock || unlimited}
        {...inputs.text('stock')}
        value={unlimited ? '' : stock}
      />
      <Checkbox label="Unlimited" disabled={!canEditStock} {...inputs.checkbox('unlimited')} />
      {canEditPrices || canEditStock ? (
        <button type="submit" disabled={save.isPending}>
          Save {name}
        </button>
      ) : null}
      <SaveOutcome
        save={save}
        fieldErrorsShown={errors.shownFor(['price', 'salePrice', 'stock'])}
      />
    </SaveForm>
  );
}
