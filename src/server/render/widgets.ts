/**
 * The bridge between JSON-T widget formatters and React islands: the engine stays free of
 * React and asks this renderer for each widget's HTML.
 */
import type { Formatter, WidgetRenderer } from '../../template/index.ts';
import { payLaterTeaserProps } from '../../shared/pay-later/index.ts';
import { reviewSummaryProps, reviewsIslandProps } from '../../shared/reviews/index.ts';
import { restockFormProps } from '../../shared/restock/form-props.ts';
import { pageFormIslandProps } from './content-context.ts';
import { cartPageIslandProps } from '../modules/cart/index.ts';
import { readAddressAutocompleteProps } from '../../islands/address-autocomplete/props.ts';
import { renderGalleryBlock } from './gallery-block.ts';
import type { IslandRenderer } from './islands.ts';
import { isPurchaseFormContext, productFormProps, quickViewProps } from './purchase-form.ts';

function quantityOf(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const { totalQuantity } = node as { totalQuantity?: unknown };
  return typeof totalQuantity === 'number' ? totalQuantity : 0;
}

/** The cart's count, subtotal, currency and the site's locale, for the template-cart island. */
function cartCountProps(node: unknown, root: unknown) {
  const cart = (typeof node === 'object' && node !== null ? node : {}) as {
    subtotalCents?: unknown;
    subtotalMoney?: { currency?: unknown };
  };
  const website = (root as { website?: { language?: unknown; currency?: unknown } } | null)
    ?.website;
  const currency = cart.subtotalMoney?.currency ?? website?.currency;
  return {
    totalQuantity: quantityOf(node),
    subtotalCents: typeof cart.subtotalCents === 'number' ? cart.subtotalCents : 0,
    currency: typeof currency === 'string' ? currency : 'USD',
    locale: typeof website?.language === 'string' ? website.language : 'en-US',
  };
}

/** The signed-in site user's email from the template context, or null. */
function siteUserEmail(root: unknown): string | null {
  const siteUser = (root as { siteUser?: { email?: unknown } | null } | null)?.siteUser;
  return typeof siteUser?.email === 'string' ? siteUser.email : null;
}

/** Vitrine's own widget formatters; the engine already routes the reference widget names. */
export const widgetFormatters: Record<string, Formatter> = {
  /** A page's gallery block (page.galleryBlocks): the Gallery island. */
  'gallery-block': (value, args, env) => env.widget('gallery-block', value, args) ?? '',
  'template-cart': (value, args, env) => env.widget('template-cart', value, args) ?? '',
  'cart-pill': (value, args, env) => env.widget('cart-pill', value, args) ?? '',
  'pay-later-teaser': (value, args, env) => env.widget('pay-later-teaser', value, args) ?? '',
  /** The product page's `purchase` context: the product form island (`radio` for that layout). */
  'product-form': (value, args, env) => env.widget('product-form', value, args) ?? '',
  'product-reviews': (value, args, env) => env.widget('product-reviews', value, args) ?? '',
  'review-summary': (value, args, env) => env.widget('review-summary', value, args) ?? '',
  /** A product item: its restock sign-up form, when the product takes sign-ups. */
  'restock-form': (value, args, env) => env.widget('restock-form', value, args) ?? '',
  /** Login and logout controls; reads the signed-in site user from the context root. */
  'site-user': (value, args, env) => env.widget('site-user', value, args) ?? '',
  /** A page's form block (page.formBlocks): the page form island. */
  'page-form': (value, args, env) => env.widget('page-form', value, args) ?? '',
  /** The cart page's `cartPage`: the cart page island (its plain forms work without scripts). */
  'cart-page': (value, args, env) => env.widget('cart-page', value, args) ?? '',
  /** The checkout's Address line 1 when places are configured: the address autocomplete. */
  'address-autocomplete': (value, args, env) =>
    env.widget('address-autocomplete', value, args) ?? '',
};

export function createWidgetRenderer(islands: IslandRenderer): WidgetRenderer {
  return (name, node, args, ctx) => {
    switch (name) {
      case 'template-cart':
        return islands.render('CartCount', cartCountProps(node, ctx.root));
      case 'cart-pill':
        return islands.render('CartPill', { totalQuantity: quantityOf(node) });
      case 'pay-later-teaser': {
        // The island re-checks the shape; a malformed context renders nothing.
        const props = payLaterTeaserProps.safeParse(node);
        // Idle: its text is the server's until then, and on hydration it takes the product
        // form's latest total (src/islands/README.md), so its code never delays the page.
        return props.success ? islands.render('PayLaterTeaser', props.data, 'idle') : '';
      }
      case 'site-user':
        return islands.render('SiteUserControls', { email: siteUserEmail(ctx.root) });
      case 'review-summary': {
        const summary = reviewSummaryProps.safeParse(node);
        return summary.success ? islands.render('ReviewSummary', summary.data, 'idle') : '';
      }
      case 'product-reviews': {
        const props = reviewsIslandProps.safeParse(node);
        // Below the product: its 'See More' button appears when the list scrolls into view.
        return props.success ? islands.render('ProductReviews', props.data, 'visible') : '';
      }
      case 'restock-form': {
        const props = restockFormProps(node, ctx.root);
        // Idle: the server's plain form works until then, and on hydration it takes the
        // product form's latest variant (src/islands/README.md).
        return props ? islands.render('RestockForm', { ...props }, 'idle') : '';
      }
      case 'page-form':
        // `{@|page-form interaction}`: a form few visitors use (the home page's newsletter
        // block) loads its code on the first reach for it; its plain form works before that.
        return islands.render(
          'PageForm',
          pageFormIslandProps(node, ctx.root),
          args[0] === 'interaction' ? 'interaction' : 'load',
        );
      case 'product-quick-view': {
        const props = quickViewProps(node, ctx.root);
        return props ? islands.render('QuickView', { ...props }, 'interaction') : '';
      }
      case 'product-form':
        return isPurchaseFormContext(node)
          ? islands.render('ProductForm', { ...productFormProps(node, ctx.root, args) })
          : '';
      case 'gallery-block':
        return renderGalleryBlock(islands, node);
      case 'cart-page': {
        const props = cartPageIslandProps(node, ctx.root);
        return props ? islands.render('CartPage', props) : '';
      }
      case 'address-autocomplete': {
        const props = readAddressAutocompleteProps(node);
        return props ? islands.render('AddressAutocomplete', { ...props }) : '';
      }
      default:
        return undefined;
    }
  };
}
