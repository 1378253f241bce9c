/**
 * The promotional popup overlay (platform.md §2, page type 104): after its delay it opens as a
 * native modal dialog unless local storage says it was submitted or closed recently
 * (popup-memory.ts); each view is announced as `vitrine:overlay-view`, which the analytics client
 * records through /api/census/overlay. It renders nothing on the server: whether it shows
 * depends on this visitor's storage.
 */
import { useEffect, useRef, useState } from 'react';
import {
  readPopupMemory,
  rememberClosed,
  rememberSubmitted,
  shouldShowPopup,
} from './popup-memory.ts';

export const OVERLAY_VIEW_EVENT = 'vitrine:overlay-view';

export interface PromoPopupProps {
  readonly overlayId: string;
  readonly version: string;
  readonly title: string;
  readonly body?: string;
  readonly buttonText: string;
  /** Where the button goes; following it counts as submitting the popup. */
  readonly buttonUrl: string;
  readonly delaySeconds?: number;
  readonly reshowAfterDays?: number;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export default function PromoPopup({
  overlayId,
  version,
  title,
  body,
  buttonText,
  buttonUrl,
  delaySeconds = 0,
  reshowAfterDays = 7,
}: PromoPopupProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const storage = localStorageOrNull();
    if (
      storage &&
      !shouldShowPopup({ version, reshowAfterDays }, readPopupMemory(storage), Date.now())
    )
      return;
    const timer = setTimeout(() => setOpen(true), delaySeconds * 1000);
    return () => clearTimeout(timer);
  }, [version, reshowAfterDays, delaySeconds]);

  useEffect(() => {
    if (!open) return;
    dialog.current?.showModal?.();
    document.dispatchEvent(new CustomEvent(OVERLAY_VIEW_EVENT, { detail: { overlayId } }));
  }, [open, overlayId]);

  if (!open) return null;
  const close = () => {
    const storage = localStorageOrNull();
    if (storage) rememberClosed(storage, version, Date.now());
    dialog.current?.close?.();
    setOpen(false);
  };
  const submit = () => {
    const storage = localStorageOrNull();
    if (storage) rememberSubmitted(storage, version);
  };
  return (
    <dialog
      ref={dialog}
      className="promo-popup"
      aria-labelledby={`promo-popup-${overlayId}`}
      onCancel={close}
    >
      <h2 id={`promo-popup-${overlayId}`}>{title}</h2>
      {body ? <p className="promo-popup-body">{body}</p> : null}
      <a className="button-primary promo-popup-action" href={buttonUrl} onClick={submit}>
        {buttonText}
      </a>
      <button type="button" className="promo-popup-close" onClick={close}>
        Close
      </button>
    </dialog>
  );
}
