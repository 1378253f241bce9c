/**
 * The census side events and the page's non-commerce events: button render (on load) and click
 * for elements marked `data-census-button="<id>"`, form render for `form[data-form-id]` (when the
 * site's form handler is on), overlay views announced by the popup (`vitrine:overlay-view`), and
 * the forms' Lead and CompleteRegistration ad-pixel announcements (an
 * island announces a submitted form or a new account with a CustomEvent that has a detail).
 */
import { announceToAdPixel } from './ad-pixel.ts';
import {
  BUTTON_CLICK_PATH,
  BUTTON_RENDER_PATH,
  FORM_RENDER_PATH,
  OVERLAY_PATH,
  recordCensusEvent,
} from './census.ts';
import { on } from './browser-state.ts';
import {
  OVERLAY_PAGE_TYPE,
  OVERLAY_VIEW_EVENT,
  type OverlayViewDetail,
} from '../../shared/analytics/overlay-view-event.ts';
import type { PageValues } from './page-values.ts';

export const FORM_SUBMITTED_EVENT = 'vitrine:form-submitted';
export const ACCOUNT_CREATED_EVENT = 'vitrine:account-created';
export const BUTTON_SELECTOR = '[data-census-button]';
export const FORM_SELECTOR = 'form[data-form-id]';

export function trackPageEvents(values: PageValues, visitorId: string): void {
  for (const button of document.querySelectorAll<HTMLElement>(BUTTON_SELECTOR)) {
    const buttonId = button.dataset.censusButton;
    void recordCensusEvent(BUTTON_RENDER_PATH, values, visitorId, { buttonId });
    button.addEventListener('click', () => {
      void recordCensusEvent(BUTTON_CLICK_PATH, values, visitorId, { buttonId });
    });
  }
  if (values.formHandler)
    for (const form of document.querySelectorAll<HTMLFormElement>(FORM_SELECTOR))
      void recordCensusEvent(FORM_RENDER_PATH, values, visitorId, {
        formId: form.dataset.formId,
      });
  on<Partial<OverlayViewDetail>>(OVERLAY_VIEW_EVENT, ({ overlayId }) => {
    void recordCensusEvent(OVERLAY_PATH, values, visitorId, {
      overlayId,
      pageType: OVERLAY_PAGE_TYPE,
    });
  });
  const site = { website_id: values.websiteId };
  if (values.formHandler) on(FORM_SUBMITTED_EVENT, () => announceToAdPixel('lead', site));
  on(ACCOUNT_CREATED_EVENT, () => announceToAdPixel('complete registration', site));
}
