/**
 * The product form island (docs/behaviour/products-and-variants.md#variant-selection,
 * docs/behaviour/cart.md#the-add-to-cart-button). The server renders the plain form
 * that buys without JavaScript (POST /cart/add with the page's crumb, the item, its options, quantity
 * and extra-field answers; the express button posts isExpress); once hydrated the same form
 * picks variants live (price, sold-out text, scarcity, image, `?variant=`), refreshes stock,
 * asks extra-field answers in the lightbox, and adds through the cart API with the button's
 * states, or goes on to the checkout (express) or the subscription page (Subscribe).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { cartStore } from '../../clients/cart-store.ts';
import { failureMessage, failureTitle, type PurchaseKind } from '../../shared/cart/add-failure.ts';
import { checkAdd } from '../../shared/cart/add-validation.ts';
import { QUANTITY_INPUT, totalStock } from '../../shared/cart/quantity-input.ts';
import { deferredPart } from '../deferred-part.tsx';
import { announceCartAdded, announceProductTotal, announceVariant } from './events.ts';
import { loadExtraFieldsDialog, type OpenExtraFieldsDialog } from './extra-fields-dialog.ts';
import { GiftCardForm } from './GiftCardForm.tsx';
import { navigation, reflectVariant } from './navigation.ts';
import { showImage, showPrice } from './page-dom.ts';
import type { ProductFormProps } from './props.ts';
import { addEntry, startSubscription, textField } from './purchase-api.ts';
import { PurchaseAlert, type AlertContent } from './PurchaseAlert.tsx';
import { PurchaseButton } from './PurchaseButton.tsx';
import { useAddButton } from './use-add-button.ts';
import { useSelection } from './use-selection.ts';
import { VariantPicker } from './VariantPicker.tsx';

/**
 * The plain form's extra-field inputs, for shoppers without JavaScript: once hydrated the form asks
 * the answers in the lightbox instead, so the browser never needs this code. The server has it
 * (`preload`), and in the browser the part stays as the server's HTML until hydration removes it
 * (src/islands/deferred-part.tsx): a product without extra fields, most of them, no longer loads
 * it with the page.
 */
const extraFieldsSection = deferredPart(
  async () => (await import('../extra-fields/ExtraFieldsSection.tsx')).default,
);

/** For the server's render (src/islands/registry.ts): the plain form holds the inputs. */
export function preload(): Promise<unknown> {
  return extraFieldsSection.load();
}

export const ADDED_ANNOUNCEMENT = 'Added to cart.';

/**
 * The form's id. The visitor's crumb is not a prop (island HTML is shared by every visitor):
 * the page puts it in a hidden input outside the island that names this form (`form=`).
 */
export function productFormId(itemId: string): string {
  return `product-form-${itemId}`;
}

/** The crumb the page gave the form, for a browser without the crumb cookie. */
function pageCrumb(form: HTMLFormElement | null): string {
  const value = form ? new FormData(form).get('crumb') : null;
  return typeof value === 'string' ? value : '';
}
/** The typed quantity as a count for the totals shown beside the form; 1 until it is one. */
function wholeQuantity(text: string): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= QUANTITY_INPUT.max ? value : 1;
}

export const SUBSCRIPTION_PAGE_PATH = '/commerce/subscription';

function CartForm(props: ProductFormProps) {
  const picked = useSelection(props);
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const expressRef = useRef<HTMLButtonElement>(null);
  const add = useAddButton();
  const express = useAddButton();
  const [alert, setAlert] = useState<AlertContent | null>(
    props.cartError === undefined ? null : { message: props.cartError },
  );
  const [announcement, setAnnouncement] = useState('');
  const isSubscription = props.kind === 'subscription';
  const variantId = picked.variant?.id ?? null;
  // The refreshed stock may leave one or none: then there is no quantity to choose.
  const showQuantity = props.showQuantity && totalStock(picked.variants) > 1;

  useEffect(() => {
    if (!picked.hydrated) return;
    announceVariant({ itemId: props.itemId, variantId, soldOut: picked.soldOut });
    if (props.options.length > 0 && props.reflectsUrl !== false) reflectVariant(variantId);
  }, [
    picked.hydrated,
    props.itemId,
    props.options.length,
    props.reflectsUrl,
    variantId,
    picked.soldOut,
  ]);

  const [quantity, setQuantity] = useState<number>(QUANTITY_INPUT.defaultValue);
  const unitCents = picked.variant
    ? picked.variant.onSale
      ? picked.variant.salePrice
      : picked.variant.price
    : null;
  useEffect(() => {
    if (!picked.hydrated) return;
    announceProductTotal({
      itemId: props.itemId,
      totalCents: unitCents === null ? null : unitCents * (showQuantity ? quantity : 1),
    });
  }, [picked.hydrated, props.itemId, unitCents, quantity, showQuantity]);

  const { price } = picked;
  useEffect(() => {
    if (picked.hydrated && formRef.current) showPrice(formRef.current, price);
  }, [picked.hydrated, price]);

  const { imageId } = picked;
  useEffect(() => {
    if (picked.hydrated && formRef.current && imageId !== undefined)
      showImage(formRef.current, imageId, props.images[imageId]);
  }, [picked.hydrated, imageId, props.images]);

  const hasExtraFields = (props.extraFields?.fields.length ?? 0) > 0;
  // A failed prefetch is tried again by the purchase itself.
  const prefetchDialog = () => void loadExtraFieldsDialog().catch(() => undefined);

  async function purchase(kind: PurchaseKind): Promise<void> {
    const button = kind === 'express' ? express : add;
    const element = kind === 'express' ? expressRef.current : addRef.current;
    const form = formRef.current;
    if (button.phase === 'added' || !form || picked.soldOut) return;
    const data = new FormData(form);
    const quantityText = data.get('quantity');
    const check = checkAdd({
      productType: props.productType,
      unselected: picked.unselected,
      variant: picked.variant,
      quantity: showQuantity && typeof quantityText === 'string' ? quantityText : undefined,
    });
    const variant = picked.variant;
    if (!check.ok || !variant) {
      setAlert({
        title: failureTitle(kind),
        message: check.ok ? failureMessage(0, null) : check.message,
      });
      return;
    }
    if (!button.begin(element)) return;
    setAlert(null);
    setAnnouncement('');
    let additionalFields: string | null = null;
    if (props.extraFields && hasExtraFields) {
      let openExtraFieldsDialog: OpenExtraFieldsDialog;
      try {
        openExtraFieldsDialog = await loadExtraFieldsDialog();
      } catch {
        // The lightbox could not be fetched: said as a failed add would be, and nothing is sent.
        setAlert({ title: failureTitle(kind), message: failureMessage(0, null) });
        button.fail();
        return;
      }
      const answers = await openExtraFieldsDialog({
        formId: props.extraFields.formId,
        form: props.extraFields.fields,
        opener: element ?? form,
        ...(props.extraFields.title === undefined ? {} : { title: props.extraFields.title }),
        submitLabel: kind === 'express' ? props.labels.purchase : props.labels.add,
      });
      if (answers === null) {
        button.cancel();
        return;
      }
      additionalFields = JSON.stringify(answers);
    }
    const entry = {
      itemId: props.itemId,
      sku: variant.sku,
      quantity: check.quantity,
      additionalFields,
    };
    if (kind === 'subscription') {
      const answer = await startSubscription(entry, pageCrumb(form));
      const cartToken = textField(answer.body, 'cartToken');
      if (!answer.ok || cartToken === undefined) {
        setAlert({
          title: failureTitle(kind),
          message: failureMessage(answer.status, answer.body),
        });
        button.fail();
        return;
      }
      button.succeed();
      navigation.go(`${SUBSCRIPTION_PAGE_PATH}?${new URLSearchParams({ cartToken }).toString()}`);
      return;
    }
    const isExpress = kind === 'express';
    const answer = await addEntry(entry, isExpress, pageCrumb(form));
    if (!answer.ok) {
      setAlert({ title: failureTitle(kind), message: failureMessage(answer.status, answer.body) });
      button.fail();
      return;
    }
    const cart = (answer.body as { shoppingCart?: unknown } | null)?.shoppingCart;
    // The express cart is the checkout's own: the shopper's cart is unchanged.
    if (!isExpress) cartStore.update(answer.body);
    announceCartAdded({
      itemId: props.itemId,
      variantId: variant.id,
      sku: variant.sku,
      quantity: check.quantity,
      isExpress,
      cart,
    });
    button.succeed();
    const checkoutUrl = textField(answer.body, 'checkoutUrl');
    if (isExpress && checkoutUrl !== undefined) {
      navigation.go(checkoutUrl);
      return;
    }
    setAnnouncement(ADDED_ANNOUNCEMENT);
  }

  // A sold-out choice is refused before any request, as the button says.
  const soldOutButton =
    picked.soldOut && picked.soldOutText !== undefined ? { soldOutText: picked.soldOutText } : {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void purchase(isSubscription ? 'subscription' : 'cart');
  };

  return (
    <form
      ref={formRef}
      id={productFormId(props.itemId)}
      className="product-form"
      method="post"
      action="/cart/add"
      data-item-id={props.itemId}
      onSubmit={submit}
      {...(hasExtraFields ? { onPointerEnter: prefetchDialog, onFocus: prefetchDialog } : {})}
    >
      <input type="hidden" name="itemId" value={props.itemId} />
      {isSubscription ? <input type="hidden" name="subscription" value="true" /> : null}
      {props.options.length === 0 && props.variants[0] ? (
        <input type="hidden" name="sku" value={props.variants[0].sku} />
      ) : null}
      <VariantPicker
        options={picked.options}
        selection={picked.selection}
        layout={props.layout}
        isGiftCard={false}
        labels={props.labels}
        onChoose={picked.choose}
      />
      <div className="product-variant-status">
        {picked.soldOutText === undefined ? null : (
          <p className="product-sold-out">{picked.soldOutText}</p>
        )}
        {picked.scarcity === undefined ? null : (
          <p className="product-scarcity">{picked.scarcity}</p>
        )}
      </div>
      {showQuantity ? (
        <p className="field product-quantity">
          <label htmlFor="product-quantity">Quantity</label>
          <input
            type="number"
            id="product-quantity"
            name="quantity"
            defaultValue={QUANTITY_INPUT.defaultValue}
            min={QUANTITY_INPUT.min}
            max={QUANTITY_INPUT.max}
            step={QUANTITY_INPUT.step}
            inputMode="numeric"
            onChange={(event) => setQuantity(wholeQuantity(event.currentTarget.value))}
          />
        </p>
      ) : null}
      {/* Without JavaScript the answers are typed here; with it, the lightbox asks them. */}
      {props.extraFields && !picked.hydrated ? (
        <extraFieldsSection.Part fields={props.extraFields.fields} />
      ) : null}
      <PurchaseAlert alert={alert} announcement={announcement} />
      <PurchaseButton
        className="button-primary product-add"
        label={props.labels.add}
        state={add}
        buttonRef={addRef}
        censusButton={isSubscription ? 'subscribe' : 'add-to-cart'}
        {...soldOutButton}
        onActivate={() => void purchase(isSubscription ? 'subscription' : 'cart')}
      />
      {isSubscription ? null : (
        <PurchaseButton
          className="button product-express"
          label={props.labels.purchase}
          state={express}
          buttonRef={expressRef}
          express
          {...soldOutButton}
          onActivate={() => void purchase('express')}
        />
      )}
    </form>
  );
}

export default function ProductForm(props: ProductFormProps) {
  if (props.kind === 'gift-card') return <GiftCardForm {...props} />;
  if (props.kind === 'none') return null;
  return <CartForm {...props} />;
}
