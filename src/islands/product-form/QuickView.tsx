/**
 * 'Quick View' on a collection's product card: without JavaScript a link to the product page;
 * with it, a native dialog over the collection holding the product's image, price and the same
 * product form (docs/behaviour/storefront-pages.md#collection-views), recorded as a quick view in the census. Esc
 * or the close button close it, and focus returns to the link. It is placed with the
 * `interaction` directive: its code and the product form's are fetched only when a shopper first
 * reaches for the link, not with the collection page.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import ProductForm from './ProductForm.tsx';
import { loadQuickView, recordQuickView, type QuickViewContent } from './quick-view-load.ts';

export interface QuickViewProps {
  readonly itemId: string;
  readonly url: string;
  readonly title: string;
  /** 'Quick View'. */
  readonly label: string;
}

export const CLOSE_LABEL = 'Close';

export default function QuickView(props: QuickViewProps) {
  const [content, setContent] = useState<QuickViewContent | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (content && dialog && !dialog.open) dialog.showModal();
  }, [content]);

  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    recordQuickView(props.itemId);
    const loaded = await loadQuickView(props.url);
    // A page that cannot be read in place is opened instead.
    if (!loaded) window.location.assign(props.url);
    else setContent(loaded);
  };

  const closed = () => {
    setContent(null);
    openerRef.current?.focus();
  };

  return (
    <>
      <a
        ref={openerRef}
        className="product-quick-view"
        href={props.url}
        onClick={(event) => void open(event)}
      >
        {props.label}
        <span className="visually-hidden">{`: ${props.title}`}</span>
      </a>
      {content ? (
        <dialog ref={dialogRef} className="quick-view" aria-label={props.title} onClose={closed}>
          <div className="product quick-view-product">
            <button
              type="button"
              className="quick-view-close"
              aria-label={CLOSE_LABEL}
              onClick={() => dialogRef.current?.close()}
            >
              <span aria-hidden="true">×</span>
            </button>
            {/* Both fragments are this store's own server-rendered markup of the product page. */}
            <div
              className="quick-view-media"
              dangerouslySetInnerHTML={{ __html: content.imageHtml }}
            />
            <div className="quick-view-details">
              <h2 className="product-title">
                <a href={props.url}>{props.title}</a>
              </h2>
              <p
                className="product-price"
                dangerouslySetInnerHTML={{ __html: content.priceHtml }}
              />
              <ProductForm {...content.form} reflectsUrl={false} />
            </div>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
