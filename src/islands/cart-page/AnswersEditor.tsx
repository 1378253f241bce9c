/**
 * An entry's extra-field answers, editable in place (docs/behaviour/cart.md#the-cart-page): the product's form, filled with what the shopper answered. Without JavaScript it is a
 * plain form posting to /cart/answers (the page's crumb input joins it by id); hydrated, it is
 * checked with the shared rules and saved through PUT …/additionalFields. The save button reads
 * 'Saving…' while the answers are on their way; field errors from the browser or the server show
 * above each field.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdditionalFields } from '../../shared/cart/additional-fields.ts';
import { readExtraFieldAnswers } from '../../shared/forms/extra-field-answers.ts';
import { validateFormAnswers } from '../../shared/forms/validate.ts';
import ExtraFieldsSection from '../extra-fields/ExtraFieldsSection.tsx';
import type { CartAnswer } from './cart-api.ts';
import type { CartLine } from './props.ts';

export const SAVE_LABEL = 'Save answers';
export const SAVING_LABEL = 'Saving…';
export const CANCEL_LABEL = 'Cancel';

/** The plain form's action: the cart's answers form post. */
export const ANSWERS_ACTION = '/cart/answers';

export function editorId(entryId: string): string {
  return `cart-answers-${entryId}`;
}

export interface AnswersEditorProps {
  readonly line: CartLine & { readonly form: NonNullable<CartLine['form']> };
  /** Another change of the cart is in flight. */
  readonly disabled: boolean;
  /** Scripts run: the browser checks the answers and they are saved without a reload. */
  readonly hydrated: boolean;
  /** Field errors of a refused plain form post, shown until the shopper saves again. */
  readonly initialErrors?: Readonly<Record<string, string>>;
  readonly onSave: (answers: AdditionalFields) => Promise<CartAnswer>;
  readonly onClose: (saved: boolean) => void;
}

export function AnswersEditor(props: AnswersEditorProps) {
  const { line, disabled, hydrated, onSave, onClose } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>(props.initialErrors ?? {});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const { fields } = line.form;

  // The first field in error takes focus, so keyboard users land on what to fix.
  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first === undefined) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        `[data-field-id="${CSS.escape(first)}"] :is(input, select, textarea)`,
      )
      ?.focus();
  }, [errors]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving || disabled) return;
    const read = readExtraFieldAnswers(
      fields,
      new FormData(event.currentTarget),
      new URLSearchParams(window.location.search),
    );
    // A hidden field keeps what the product page gave it; the cart page's address knows nothing of it.
    const answers: AdditionalFields = { ...read };
    for (const field of fields)
      if (field.type === 'hidden' && line.additionalFields && field.id in line.additionalFields)
        answers[field.id] = line.additionalFields[field.id];
    const found = validateFormAnswers({ fields }, answers);
    setFormError(undefined);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const answer = await onSave(answers);
    setSaving(false);
    if (answer.ok) {
      onClose(true);
      return;
    }
    setErrors(answer.fields);
    if (Object.keys(answer.fields).length === 0) setFormError(answer.message);
  }

  // Cancel puts the stored answers back (a reset button, so it does that without scripts too).
  function cancel(): void {
    setErrors({});
    setFormError(undefined);
    onClose(false);
  }

  const busy = saving || disabled;
  return (
    <form
      ref={formRef}
      id={editorId(line.id)}
      className="cart-entry-answers-form"
      method="post"
      action={ANSWERS_ACTION}
      // Without scripts the browser's own checks run first; hydrated, the shared rules do.
      noValidate={hydrated}
      aria-busy={saving}
      onSubmit={(event) => void submit(event)}
    >
      <input type="hidden" name="entryId" value={line.id} />
      <input type="hidden" name="itemId" value={line.itemId} />
      {line.sku === null ? null : <input type="hidden" name="sku" value={line.sku} />}
      {formError === undefined ? null : (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <fieldset disabled={busy} className="cart-entry-answers-fields">
        <legend className="visually-hidden">{`Your answers for ${line.title}`}</legend>
        <ExtraFieldsSection
          fields={fields}
          errors={errors}
          idPrefix={`cart-field-${line.id}`}
          defaultValues={line.additionalFields}
        />
      </fieldset>
      <p className="cart-entry-answers-buttons">
        <button type="submit" className="button button-primary" disabled={busy}>
          {saving ? SAVING_LABEL : SAVE_LABEL}
        </button>
        <button type="reset" className="button" disabled={busy} onClick={cancel}>
          {CANCEL_LABEL}
        </button>
      </p>
    </form>
  );
}
