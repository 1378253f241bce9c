/**
 * The pay-later information popup (docs/behaviour/pay-later.md#the-information-popup): a modal dialog labelled with the
 * provider's name, closed by its 'Close Popup' button, Escape or a click outside; focus stays
 * inside while it is open and returns to the opener when it closes. Its content is the
 * provider's HTML, fetched once on first opening (load-modal.ts).
 */
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { PAY_LATER_PROVIDER, type ModalTheme } from '../../shared/pay-later/index.ts';
import { trapTab } from './focus-trap.ts';
import { loadModalHtml } from './load-modal.ts';

export interface PayLaterDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Where focus returns when the popup closes. */
  readonly opener: RefObject<HTMLElement | null>;
  readonly locale: string;
  readonly theme: ModalTheme;
  readonly closeLabel: string;
}

export const POPUP_LABEL = `${PAY_LATER_PROVIDER} information popup`;

export default function PayLaterDialog(props: PayLaterDialogProps) {
  const { open, onClose, opener, locale, theme, closeLabel } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [html, setHtml] = useState<string | null>(null);
  const requested = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      closeButton.current?.focus();
      if (!requested.current) {
        requested.current = true;
        void loadModalHtml(locale, theme).then(setHtml);
      }
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      opener.current?.focus();
    }
  }, [open, opener, locale, theme]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (dialog.current) trapTab(dialog.current, event.nativeEvent);
  };
  // The dialog's own box is only its backdrop: its content fills an inner element.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="pay-later-dialog"
      aria-label={POPUP_LABEL}
      onKeyDown={onKeyDown}
      onClick={onClick}
      // Escape's native cancel would close without returning focus: handled above instead.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="pay-later-dialog-body">
        <button
          ref={closeButton}
          type="button"
          className="pay-later-close"
          aria-label={closeLabel}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
        {html !== null && (
          // The server's own copy or the provider's popup, through our origin (pay-later module).
          <div className="pay-later-content" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </div>
    </dialog>
  );
}
