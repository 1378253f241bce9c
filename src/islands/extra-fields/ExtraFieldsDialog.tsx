/**
 * The extra-fields lightbox (docs/behaviour/forms-and-captcha.md#the-lightbox): a native modal <dialog> with the page's
 * scroll locked, a close control that answers click, Enter or Space, and Esc; it fades in and
 * out over 0.3 s, sits 50 px from the top when taller than the window and centred otherwise
 * (measured again 100 ms after the last resize). Submitting checks the answers with the shared
 * rules, then with the server (/api/rest/forms/validate/{formId}); each field's error shows
 * above its title. `onDone` gets the answers, or null when closed, once the fade-out ends.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import { readExtraFieldAnswers } from '../../shared/forms/extra-field-answers.ts';
import type { FormFieldDefinition } from '../../shared/forms/field-types.ts';
import {
  LIGHTBOX_ANIMATION_MS,
  LIGHTBOX_RESIZE_DEBOUNCE_MS,
  lightboxTop,
} from '../../shared/forms/lightbox.ts';
import { FORM_MESSAGES } from '../../shared/forms/messages.ts';
import { validateFormAnswers } from '../../shared/forms/validate.ts';
import { validateOutcome } from '../../shared/forms/validate-answer.ts';
import ExtraFieldsSection from './ExtraFieldsSection.tsx';
import { postJson } from './post-json.ts';

export interface ExtraFieldsDialogProps {
  readonly formId: string;
  readonly fields: readonly FormFieldDefinition[];
  readonly title: string;
  readonly submitLabel: string;
  readonly onDone: (answers: AdditionalFields | null) => void;
}

export const DIALOG_ID_PREFIX = 'extra-field';

export function validatePath(formId: string): string {
  return `/api/rest/forms/validate/${encodeURIComponent(formId)}`;
}

type Phase = 'opening' | 'open' | 'closing';

/** Locks the page's scroll while mounted, restoring whatever the page had before. */
function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);
}

export function ExtraFieldsDialog({
  formId,
  fields,
  title,
  submitLabel,
  onDone,
}: ExtraFieldsDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('opening');
  const [top, setTop] = useState(0);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const closingRef = useRef(false);
  useScrollLock();

  const place = useCallback(() => {
    const content = contentRef.current;
    if (content) setTop(lightboxTop(content.offsetHeight, window.innerHeight));
  }, []);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    place();
    // One frame shown transparent, so the fade-in runs from there.
    const frame = requestAnimationFrame(() =>
      setPhase((now) => (now === 'opening' ? 'open' : now)),
    );
    return () => cancelAnimationFrame(frame);
  }, [place]);

  // Errors change the content's height: place it again.
  useLayoutEffect(place, [place, errors, formError]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(place, LIGHTBOX_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [place]);

  const close = useCallback(
    (answers: AdditionalFields | null) => {
      if (closingRef.current) return;
      closingRef.current = true;
      setPhase('closing');
      setTimeout(() => {
        dialogRef.current?.close();
        onDone(answers);
      }, LIGHTBOX_ANIMATION_MS);
    },
    [onDone],
  );

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (submitting || closingRef.current) return;
    const answers = readExtraFieldAnswers(
      fields,
      new FormData(event.currentTarget),
      new URLSearchParams(window.location.search),
    );
    const found = validateFormAnswers({ fields }, answers);
    setFormError(undefined);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const answer = await postJson(validatePath(formId), answers);
    setSubmitting(false);
    const outcome = validateOutcome(answer.status, answer.body);
    if (outcome.kind === 'valid') close(answers);
    else if (outcome.kind === 'fields') setErrors(outcome.errors);
    else setFormError(outcome.message);
  }

  // The first field in error takes focus, so keyboard users land on what to fix.
  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first === undefined) return;
    const field = dialogRef.current?.querySelector<HTMLElement>(
      `[data-field-id="${CSS.escape(first)}"] :is(input, select, textarea)`,
    );
    field?.focus();
  }, [errors]);

  const titleId = `${DIALOG_ID_PREFIX}-dialog-title`;
  return (
    <dialog
      ref={dialogRef}
      className={`lightbox lightbox-${phase}`}
      aria-labelledby={titleId}
      style={{ transitionDuration: `${LIGHTBOX_ANIMATION_MS}ms` }}
      onCancel={(event) => {
        // Esc: fade out like any other close instead of vanishing at once.
        event.preventDefault();
        close(null);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close(null);
        }
      }}
    >
      <div
        ref={contentRef}
        className="lightbox-content"
        style={{ marginTop: `${top}px`, transitionDuration: `${LIGHTBOX_ANIMATION_MS}ms` }}
      >
        <button
          type="button"
          className="lightbox-close"
          aria-label="Close"
          onClick={() => close(null)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              close(null);
            }
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId}>{title}</h2>
        <form noValidate onSubmit={(event) => void submit(event)}>
          {formError === undefined ? null : (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <ExtraFieldsSection fields={fields} errors={errors} idPrefix={DIALOG_ID_PREFIX} />
          <button
            type="submit"
            className="button-primary"
            disabled={submitting}
            aria-busy={submitting}
          >
            {submitting ? FORM_MESSAGES.submitting : submitLabel}
          </button>
        </form>
      </div>
    </dialog>
  );
}
