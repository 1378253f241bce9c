/**
 * One product: title, excerpt, description, status and, for a scheduled product, when it appears
 * (saved through the product PATCH), each variant's prices and
 * stock, and the restock waiting list per variant with 'Send restock emails' once the variant
 * is back in stock. The storefront shows a change on its next view.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { RestockGroupsResponse, RestockSendResult } from '../../shared/restock/owner.ts';
import { CONTENT_STATUSES, type ContentStatus } from '../../shared/site-file/enums.ts';
import { ApiError, api, type FieldErrors } from '../api/client.ts';
import { useStoreCurrency } from '../api/products.ts';
import { productPath, useProduct } from '../api/queries.ts';
import { allows } from '../api/session.ts';
import type { ProductRecord } from '../api/types.ts';
import { useFormDraft } from '../form-draft.ts';
import { useOwner } from '../owner-session.ts';
import { QueryBoundary } from '../components/PageState.tsx';
import { STATUS_LABELS, formatCount, fromLocalInput, toLocalInput } from '../format.ts';
import { VariantEditor } from './VariantEditor.tsx';
import { SaveOutcome } from '../components/SaveOutcome.tsx';
import { useFieldErrors } from '../components/field-errors.tsx';
import { SaveForm } from '../components/SaveForm.tsx';
import { LabelledInput } from '../components/LabelledInput.tsx';
import { draftInputs } from '../components/draft-inputs.ts';
import { DraftNotice } from '../components/DraftNotice.tsx';

const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

function ProductDetails({ product }: { readonly product: ProductRecord }) {
  const client = useQueryClient();
  const session = useOwner();
  const canEdit = allows(session, 'store:edit');
  // Kept in the tab through a login that ends mid-edit (form-draft.ts).
  const draft = useFormDraft<{
    title: string;
    excerpt: string;
    description: string;
    status: ContentStatus;
    publishOn: string;
  }>('details', {
    title: product.title,
    excerpt: typeof product.excerpt === 'string' ? product.excerpt : '',
    description: product.description ?? '',
    status: product.status,
    publishOn: toLocalInput(typeof product.publishOn === 'string' ? product.publishOn : undefined),
  });
  const { title, excerpt, description, status, publishOn } = draft.values;
  const scheduled = status === 'scheduled';
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: () => {
      // Only a scheduled product is sent a time; leaving the schedule drops it on the server.
      const appearsAt = scheduled ? fromLocalInput(publishOn) : undefined;
      const errors: FieldErrors =
        scheduled && appearsAt === undefined
          ? { publishOn: 'Choose the date and time the product appears' }
          : {};
      setLocalErrors(errors);
      if (Object.keys(errors).length > 0)
        throw new ApiError(400, 'VALIDATION_FAILED', 'Check the fields marked below.', errors);
      return api(productPath(product.id), {
        method: 'PATCH',
        body: {
          title,
          excerpt: excerpt.trim() === '' ? null : excerpt,
          description: description.trim() === '' ? null : description,
          status,
          ...(scheduled ? { publishOn: appearsAt } : {}),
        },
      });
    },
    onSuccess: () => {
      draft.clear();
      return client.invalidateQueries({ queryKey: ['product', product.id] });
    },
  });
  const errors = useFieldErrors(save.error, { local: localErrors });
  const inputs = draftInputs(draft, errors);
  return (
    <SaveForm save={save} errors={errors} className="product-details" aria-label="Product">
      <DraftNotice draft={draft} what="this product" />
      <LabelledInput label="Title" disabled={!canEdit} {...inputs.text('title')} />
      <LabelledInput label="Excerpt" disabled={!canEdit} {...inputs.text('excerpt')} />
      <label>
        Description
        <textarea
          value={description}
          rows={5}
          disabled={!canEdit}
          onChange={(e) => draft.set('description', e.target.value)}
          {...errors.described('description')}
        />
      </label>
      {errors.message('description')}
      <label>
        Status
        <select
          value={status}
          disabled={!canEdit}
          onChange={(e) => draft.set('status', e.target.value as ContentStatus)}
          {...errors.described('status')}
        >
          {CONTENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {errors.message('status')}
      {scheduled ? (
        <LabelledInput
          label="Publish on"
          type="datetime-local"
          required
          disabled={!canEdit}
          {...inputs.text('publishOn')}
        />
      ) : null}
      {canEdit ? (
        <button type="submit" disabled={save.isPending}>
          Save product
        </button>
      ) : null}
      <SaveOutcome
        save={save}
        fieldErrorsShown={errors.shownFor([
          'title',
          'excerpt',
          'description',
          'status',
          'publishOn',
        ])}
      />
    </SaveForm>
  );
}

function RestockList({ productId }: { readonly productId: string }) {
  const session = useOwner();
  const client = useQueryClient();
  const groups = useQuery({
    queryKey: ['restock', productId],
    queryFn: () => api<RestockGroupsResponse>(`${RESTOCK_PATH}/groups`),
  });
  const send = useMutation({
    mutationFn: (variantId: string) =>
      api<RestockSendResult>(`${RESTOCK_PATH}/send`, {
        method: 'POST',
        body: { productId, variantId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['restock', productId] }),
  });
  if (!allows(session, 'restock:read')) return null;
  return (
    <section aria-labelledby="restock-heading">
      <h2 id="restock-heading">Restock waiting list</h2>
      <QueryBoundary query={groups} what="the waiting list" forbiddenTo="see restock requests">
        {(data) => {
          const mine = data.signUpGroups.filter((group) => group.productId === productId);
          if (mine.length === 0) return <p>Nobody is waiting for this product.</p>;
          return (
            <ul className="plain-list">
              {mine.map((group) => (
                <li key={group.variantId}>
                  {Object.values(group.attributes).join(' / ') || group.sku}:{' '}
                  {formatCount(group.pendingCount)} waiting, {formatCount(group.sentCount)} notified{' '}
                  {allows(session, 'restock:send') && group.pendingCount > 0 ? (
                    <button
                      type="button"
                      disabled={!group.sendable || send.isPending}
                      onClick={() => send.mutate(group.variantId)}
                    >
                      Send restock emails
                    </button>
                  ) : null}
                  {!group.sendable && group.pendingCount > 0 ? ' (not back in stock yet)' : null}
                </li>
              ))}
            </ul>
          );
        }}
      </QueryBoundary>
      {send.data ? (
        <p role="status">Sent {formatCount(send.data.sentCount)} restock emails.</p>
      ) : null}
      {send.error ? (
        <p className="form-error" role="alert">
          {send.error.message}
        </p>
      ) : null}
    </section>
  );
}

export function ProductPage() {
  const { productId = '' } = useParams();
  const query = useProduct(productId);
  const session = useOwner();
  const currency = useStoreCurrency();
  return (
    <>
      <h1>{query.data?.product.title ?? 'Product'}</h1>
      <QueryBoundary query={query} what="the product" forbiddenTo="see products">
        {({ product }) => (
          <>
            <ProductDetails key={product.id} product={product} />
            <h2>Variants</h2>
            {product.variants.map((variant) => (
              <VariantEditor
                key={variant.id}
                productId={product.id}
                variant={variant}
                currency={currency}
                canEditPrices={allows(session, 'store:edit')}
                canEditStock={allows(session, 'stock:edit')}
              />
            ))}
            <RestockList productId={product.id} />
          </>
        )}
      </QueryBoundary>
    </>
  );
}
