/**
 * The extra-fields lightbox's code, fetched when a shopper first reaches for a purchase that asks
 * for answers (or hovers or focuses the purchase form, so it is usually there by the click), not
 * with the page: most views of a product never open it, and the JavaScript budget counts
 * what loads with the page (bench/README.md, "Browser").
 */
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import type { OpenExtraFieldsDialogOptions } from '../extra-fields/open-extra-fields-dialog.tsx';

export type OpenExtraFieldsDialog = (
  options: OpenExtraFieldsDialogOptions,
) => Promise<AdditionalFields | null>;

let loading: Promise<OpenExtraFieldsDialog> | undefined;

export function loadExtraFieldsDialog(): Promise<OpenExtraFieldsDialog> {
  if (!loading) {
    const attempt = import('../extra-fields/open-extra-fields-dialog.tsx').then(
      (module) => module.openExtraFieldsDialog,
    );
    // A fetch that failed (the connection dropped for a moment) is tried again next time.
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading;
}
