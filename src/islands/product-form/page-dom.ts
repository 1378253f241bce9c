/**
 * The two parts of the product page outside the island that follow the chosen variant: the
 * price line (`.product-price`, printed by the template) and the main image (the gallery's
 * checked `.product-media-choice`, or `.product-image img`). Both are found within the product's own `.product` article, so a quick-view dialog
 * changes only its own.
 */
import type { PriceDisplay } from '../../shared/catalog/variant-display.ts';
import type { VariantImage } from './props.ts';

function productRoot(from: Element): ParentNode {
  return from.closest('.product') ?? document;
}

const initialPrices = new WeakMap<Element, Node[]>();

/** Shows the price for the selection; the initial display comes back when it is incomplete. */
export function showPrice(from: Element, display: PriceDisplay): void {
  const line = productRoot(from).querySelector('.product-price');
  if (!line) return;
  if (!initialPrices.has(line))
    initialPrices.set(
      line,
      [...line.childNodes].map((node) => node.cloneNode(true)),
    );
  if (display.kind === 'initial') {
    line.replaceChildren(...(initialPrices.get(line) ?? []).map((node) => node.cloneNode(true)));
    return;
  }
  if (display.kind === 'unavailable') {
    line.replaceChildren(display.text);
    return;
  }
  const parts: (Node | string)[] = [];
  if (display.original !== undefined) {
    const struck = document.createElement('s');
    struck.className = 'product-price-original';
    struck.textContent = display.original;
    parts.push(struck, ' ');
  }
  parts.push(display.current);
  if (display.wording !== undefined) parts.push(` ${display.wording}`);
  line.replaceChildren(...parts);
}

/**
 * Puts the variant's image in the product's image box: on the product page the gallery's choice
 * for that image is checked (the page's CSS shows the checked one, as a thumbnail click does);
 * elsewhere (the quick view's single figure) the image itself is replaced.
 */
export function showImage(from: Element, imageId: string, image: VariantImage | undefined): void {
  const root = productRoot(from);
  const choice = [...root.querySelectorAll<HTMLInputElement>('.product-media-choice')].find(
    (input) => input.dataset.imageId === imageId,
  );
  if (choice) {
    choice.checked = true;
    return;
  }
  if (!image) return;
  const img = root.querySelector<HTMLImageElement>('.product-image img');
  if (!img || img.getAttribute('src') === image.src) return;
  img.srcset = image.srcset;
  img.src = image.src;
  img.alt = image.alt;
}
