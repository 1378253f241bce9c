/**
 * The pay-later teaser (docs/behaviour/pay-later.md#when-the-teaser-shows): '{n} interest-free payments of {amount}' for a
 * total in the provider's range, else 'available for orders up to/over {amount}', then
 * 'Installments by {button}', the button opening the information popup. The provider's pill is
 * white when the page background behind it is dark. Shown only for a non-empty, all-physical
 * cart; on the product page the product counts as the cart.
 */
import { useEffect, useRef, useState } from 'react';
import {
  effectiveBackground,
  installmentMessage,
  installmentsByParts,
  isDarkBackground,
  messageText,
  PAY_LATER_PROVIDER,
  payLaterTeaserProps,
  teaserPropsShown,
} from '../../shared/pay-later/index.ts';
import { formatCldrMoney, fractionDigits, minorToMajor } from '../../shared/money/index.ts';
import {
  latestProductTotal,
  PRODUCT_TOTAL_EVENT,
  type ProductTotalDetail,
} from '../../shared/catalog/product-total-event.ts';
import PayLaterDialog from './PayLaterDialog.tsx';

/** The computed backgrounds from an element outwards to the root. */
function backgroundsFrom(element: HTMLElement | null): string[] {
  const backgrounds: string[] = [];
  for (let node = element; node; node = node.parentElement) {
    backgrounds.push(getComputedStyle(node).backgroundColor);
  }
  return backgrounds;
}

export default function PayLaterTeaser(raw: Record<string, unknown>) {
  const parsed = payLaterTeaserProps.safeParse(raw);
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [whitePill, setWhitePill] = useState(false);
  const [chosenTotal, setChosenTotal] = useState<number | null>(null);
  useEffect(() => {
    setWhitePill(isDarkBackground(effectiveBackground(backgroundsFrom(root.current))));
  }, []);
  const itemId = parsed.success ? parsed.data.itemId : undefined;
  useEffect(() => {
    if (itemId === undefined) return;
    const take = (detail: Partial<ProductTotalDetail> | undefined) => {
      if (detail?.itemId !== itemId) return;
      const total = detail.totalCents;
      setChosenTotal(typeof total === 'number' && Number.isInteger(total) ? total : null);
    };
    const follow = (event: Event) =>
      take((event as CustomEvent<Partial<ProductTotalDetail>>).detail);
    // Hydrated when the page is idle: the form may have announced its total before.
    take(latestProductTotal(itemId));
    document.addEventListener(PRODUCT_TOTAL_EVENT, follow);
    return () => document.removeEventListener(PRODUCT_TOTAL_EVENT, follow);
  }, [itemId]);
  if (!parsed.success || !teaserPropsShown(parsed.data)) return null;

  // The chosen variant times the quantity once a variant is chosen; the product's price before.
  const props = chosenTotal === null ? parsed.data : { ...parsed.data, totalCents: chosenTotal };
  const digits = fractionDigits(props.currency);
  const money = (cents: number) =>
    formatCldrMoney(minorToMajor(cents, digits), props.currency, props.moneyLocale);
  const message = installmentMessage(props.totalCents, {
    minCents: props.minCents,
    maxCents: props.maxCents,
  });
  const oneLine = props.oneLine === true && message.kind === 'in-range';
  const text = messageText(message, money, { strings: props.strings, oneLine });
  const [before, after] = oneLine
    ? [' ', '']
    : installmentsByParts(props.strings.payLaterInstallmentsBy);
  const button = (
    <button
      ref={opener}
      type="button"
      className={whitePill ? 'pay-later-provider pay-later-provider-white' : 'pay-later-provider'}
      aria-haspopup="dialog"
      onClick={() => setOpen(true)}
    >
      {PAY_LATER_PROVIDER}
      <span className="visually-hidden"> {props.strings.payLaterMoreInformation}</span>
      <span className="pay-later-info" aria-hidden="true">
        i
      </span>
    </button>
  );
  return (
    <div className="pay-later" ref={root} data-pay-later-message={message.kind}>
      <p className="pay-later-teaser">
        <span className="pay-later-message">{text}</span>
        {oneLine ? (
          <>
            {before}
            {button}
          </>
        ) : (
          <>
            {' '}
            <span className="pay-later-by">
              {before}
              {button}
              {after}
            </span>
          </>
        )}
      </p>
      <PayLaterDialog
        open={open}
        onClose={() => setOpen(false)}
        opener={opener}
        locale={props.providerLocale}
        theme={whitePill ? 'black' : 'white'}
        closeLabel={props.strings.payLaterClosePopup}
      />
    </div>
  );
}
