/**
 * Entry of the checkout script, linked on the checkout page (page type 201) by page-scripts.ts.
 * The page works without it: 'Update totals' and the codes' 'Apply' post the form, which the
 * server answers with the re-priced page. With it, the summary follows the form as the shopper
 * fills it in: a changed country, state or shipping option, or an applied code, asks the quote
 * API (POST /api/vitrine/checkout/quote) and redraws the totals, the shipping options, the
 * codes' refusals and the amount the form says it expects to charge. The server refuses an
 * order whose total is not that amount, so a summary that could not be refreshed can never be
 * charged silently.
 */
import { startCheckoutTotals } from './checkout-totals.ts';

try {
  const form = document.querySelector<HTMLFormElement>('form.checkout-form');
  const summary = document.querySelector<HTMLElement>('[data-checkout-summary]');
  if (form && summary) startCheckoutTotals(form, summary);
} catch {
  // The plain form still works: this script only saves the shopper a click.
}
