/**
 * A labelled input of a form that shows refusals field by field (field-errors.tsx): the input
 * is marked invalid and described by its message, and the message stands beneath the label.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldErrorsOf } from './field-errors.tsx';

export function LabelledInput({
  label,
  errors,
  errorKey,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  readonly label: ReactNode;
  readonly errors: Pick<FieldErrorsOf, 'described' | 'message'>;
  /** The key the form shows this field's message under. */
  readonly errorKey: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <>
      <label>
        {label}
        <input
          {...input}
          onChange={(event) => onChange(event.target.value)}
          {...errors.described(errorKey)}
        />
      </label>
      {errors.message(errorKey)}
    </>
  );
}
