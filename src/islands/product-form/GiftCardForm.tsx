/**
 * A gift card's form: choose a denomination ('Select Value') and 'Purchase' goes on to the gift
 * card page with the item id and the chosen variant (docs/behaviour/gift-cards.md#buying-a-gift-card). Without JavaScript it is
 * a plain GET form to that page; with it, an unchosen denomination is refused in an alert titled
 * 'Unable to purchase Gift Card' ('Select a denomination for the Gift Card').
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { failureTitle } from '../../shared/cart/add-failure.ts';
import { optionPlaceholder } from '../../shared/catalog/variant-selection.ts';
import { BROWSER_MESSAGES } from '../../shared/browser-messages.ts';
import { announceVariant } from './events.ts';
import { priceFormatter } from './format-price.ts';
import { navigation, reflectVariant, variantInUrl } from './navigation.ts';
import { showPrice } from './page-dom.ts';
import type { FormVariant, ProductFormProps } from './props.ts';
import { PurchaseAlert, type AlertContent } from './PurchaseAlert.tsx';
import { displayedPrice } from '../../shared/catalog/variant-display.ts';

export const GIFT_CARD_SELECT_ID = 'product-option-0';

function denominationLabel(variant: FormVariant, optionNames: readonly string[]): string {
  const values = optionNames
    .map((name) => variant.attributes[name])
    .filter((value): value is string => value !== undefined && value !== '');
  return values.length > 0 ? values.join(' / ') : variant.sku;
}

export function GiftCardForm(props: ProductFormProps) {
  const [sku, setSku] = useState(props.variants.length === 1 ? (props.variants[0]?.sku ?? '') : '');
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const names = props.options.map((option) => option.name);
  const chosen = props.variants.find((variant) => variant.sku === sku);

  useEffect(() => {
    const id = props.reflectsUrl === false ? null : variantInUrl();
    const restored = props.variants.find((variant) => variant.id === id);
    if (restored) setSku(restored.sku);
    setHydrated(true);
  }, [props.variants, props.reflectsUrl]);

  useEffect(() => {
    if (!hydrated) return;
    announceVariant({ itemId: props.itemId, variantId: chosen?.id ?? null, soldOut: false });
    if (props.variants.length > 1 && props.reflectsUrl !== false)
      reflectVariant(chosen?.id ?? null);
    if (formRef.current)
      showPrice(
        formRef.current,
        displayedPrice(
          { tracksStock: false, isSubscribable: false, subscriptionPlan: null },
          chosen ? { kind: 'variant', variant: chosen } : { kind: 'incomplete' },
          priceFormatter(props.money),
        ),
      );
  }, [hydrated, chosen, props.itemId, props.variants.length, props.money, props.reflectsUrl]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) {
      setAlert({
        title: failureTitle('gift-card'),
        message: BROWSER_MESSAGES.GIFT_CARD_DENOMINATION_REQUIRED,
      });
      return;
    }
    setAlert(null);
    navigation.go(
      `${props.giftCardPath}?${new URLSearchParams({ itemId: props.itemId, sku: chosen.sku }).toString()}`,
    );
  };

  return (
    <form
      ref={formRef}
      className="product-form product-gift-card-form"
      method="get"
      action={props.giftCardPath}
      // Once hydrated the form gives its own message for a missing denomination.
      noValidate={hydrated}
      onSubmit={submit}
    >
      <input type="hidden" name="itemId" value={props.itemId} />
      {props.variants.length > 1 ? (
        <p className="field product-option">
          <label htmlFor={GIFT_CARD_SELECT_ID}>{names[0] ?? 'Amount'}</label>
          <select
            id={GIFT_CARD_SELECT_ID}
            name="sku"
            required
            value={sku}
            onChange={(event) => setSku(event.target.value)}
          >
            <option value="">{optionPlaceholder(names[0] ?? '', true, props.labels)}</option>
            {props.variants.map((variant) => (
              <option key={variant.sku} value={variant.sku}>
                {denominationLabel(variant, names)}
              </option>
            ))}
          </select>
        </p>
      ) : (
        <input type="hidden" name="sku" value={sku} />
      )}
      <PurchaseAlert alert={alert} announcement="" />
      <button type="submit" className="button-primary product-gift-card">
        {props.labels.purchase}
      </button>
    </form>
  );
}
