/**
 * The promotional popup overlay (docs/behaviour/forms-and-captcha.md#promotional-popup, page type 104), placed by the server on the
 * pages its site setting names (src/server/render/promo-popup.ts). It renders nothing on the
 * server: whether it opens depends on this visitor's storage (popup-memory.ts) and its trigger
 * (popup-trigger.ts). It opens as a native modal <dialog> (the rest of the page inert, Escape
 * closes, Tab kept going round its controls by focus-trap.ts), labelled by its title, and gives
 * focus back to where it was on close.
 *
 * Each view is announced as `vitrine:overlay-view`, which the analytics client records through
 * /api/census/overlay under the analytics' own gating. A sign-up popup shows the newsletter
 * form's page form, loaded only when the popup opens, so the page's first load does not carry
 * it; once that form is stored (`vitrine:form-submitted`, from the popup or the page) the popup
 * is remembered as submitted and never comes back, as after following its call to action.
 */
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import {
  FORM_SUBMITTED_EVENT,
  type FormSubmittedDetail,
} from '../../shared/forms/form-submitted-event.ts';
import type { PromoPopupProps } from '../../shared/promo-popup/island-props.ts';
import {
  readPopupMemory,
  rememberClosed,
  rememberSubmitted,
  shouldShowPopup,
} from './popup-memory.ts';
import { useFocusTrap } from './focus-trap.ts';
import { watchTrigger } from './popup-trigger.ts';
import { OVERLAY_VIEW_EVENT } from '../../shared/analytics/overlay-view-event.ts';

export const CLOSE_LABEL = 'Close';
export const LOADING_TEXT = 'Loading…';

const PageForm = lazy(() => import('../page-form/PageForm.tsx'));

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export default function PromoPopup(props: PromoPopupProps) {
  const { overlayId, title, body, action, newsletter, trigger, reshowAfterDays } = props;
  const version = String(props.version);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const storage = localStorageOrNull();
    if (
      storage &&
      !shouldShowPopup({ version, reshowAfterDays }, readPopupMemory(storage), Date.now())
    )
      return;
    return watchTrigger(trigger, () => setOpen(true));
  }, [version, reshowAfterDays, trigger]);

  // A sign-up stored from this popup, or from the same newsletter form on the page.
  const formId = newsletter?.formId;
  useEffect(() => {
    if (formId === undefined) return;
    const onSubmitted = (event: Event) => {
      const detail = (event as CustomEvent<FormSubmittedDetail | undefined>).detail;
      const storage = localStorageOrNull();
      if (detail?.formId === formId && storage) rememberSubmitted(storage, version);
    };
    document.addEventListener(FORM_SUBMITTED_EVENT, onSubmitted);
    return () => document.removeEventListener(FORM_SUBMITTED_EVENT, onSubmitted);
  }, [formId, version]);

  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement;
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    document.dispatchEvent(new CustomEvent(OVERLAY_VIEW_EVENT, { detail: { overlayId } }));
  }, [open, overlayId]);

  useFocusTrap(dialog, open);

  if (!open) return null;

  const close = () => {
    const storage = localStorageOrNull();
    if (storage) rememberClosed(storage, version, Date.now());
    if (dialog.current?.open) dialog.current.close?.();
    setOpen(false);
    const previous = opener.current;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
  };
  const followAction = () => {
    const storage = localStorageOrNull();
    if (storage) rememberSubmitted(storage, version);
  };
  // A click on the backdrop lands on the dialog itself; the content fills the rest of it.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };
  const titleId = `${overlayId}-title`;
  const bodyId = `${overlayId}-body`;
  return (
    <dialog
      ref={dialog}
      className="promo-popup"
      aria-labelledby={titleId}
      aria-describedby={body ? bodyId : undefined}
      onCancel={close}
      onClick={closeOnBackdrop}
    >
      <div className="promo-popup-content">
        <h2 id={titleId} className="promo-popup-title">
          {title}
        </h2>
        {body ? (
          <p id={bodyId} className="promo-popup-body">
            {body}
          </p>
        ) : null}
        {newsletter ? (
          <Suspense fallback={<p className="promo-popup-loading">{LOADING_TEXT}</p>}>
            <PageForm {...newsletter} />
          </Suspense>
        ) : null}
        {action ? (
          <a className="button-primary promo-popup-action" href={action.url} onClick={followAction}>
            {action.text}
          </a>
        ) : null}
        <button type="button" className="promo-popup-close" onClick={close}>
          {CLOSE_LABEL}
        </button>
      </div>
    </dialog>
  );
}
