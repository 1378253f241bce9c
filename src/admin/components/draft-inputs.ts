/**
 * The wiring of a draft-kept owner form's inputs, written once: an input shows its field of the
 * form's draft (form-draft.ts) and writes every change back to it, and a text input shows the
 * server's refusal of that field beneath it (field-errors.tsx). Spread on the input, with what
 * differs from form to form (label, input mode, disabled) beside it:
 * `<LabelledInput label="Title" {...inputs.text('title')} disabled={!canEdit} />`.
 */
import type { DraftValue, FormDraft } from '../form-draft.ts';
import type { FieldErrorsOf } from './field-errors.tsx';

/** The fields of `T` that hold exactly `V` (a text input cannot write a narrower type). */
type FieldsOf<T, V> = {
  [K in keyof T]-?: [T[K]] extends [V] ? ([V] extends [T[K]] ? K : never) : never;
}[keyof T] &
  string;

export function draftInputs<T extends Readonly<Record<string, DraftValue>>>(
  draft: FormDraft<T>,
  errors: Pick<FieldErrorsOf, 'refusal'>,
) {
  return {
    /**
     * A `LabelledInput` of a text field; the refusal is the one the form shows under `errorKey`,
     * the field's own name unless the server names it otherwise.
     */
    text: <K extends FieldsOf<T, string>>(field: K, errorKey: string = field) => ({
      refusal: errors.refusal(errorKey),
      value: draft.values[field] as string,
      onChange: (value: string) => draft.set(field, value as T[K]),
    }),
    /** A `Checkbox` of a yes/no field. */
    checkbox: <K extends FieldsOf<T, boolean>>(field: K) => ({
      checked: draft.values[field] as boolean,
      onChange: (checked: boolean) => draft.set(field, checked as T[K]),
    }),
  };
}
