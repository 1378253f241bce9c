/**
 * A labelled input with its refusal beneath (field-errors.tsx): when refused, the input is
 * marked invalid and described by its message, and the message stands beneath the label.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldRefusal } from './field-errors.tsx';

export function LabelledInput({
  label,
  refusal,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  readonly label: ReactNode;
  readonly refusal: FieldRefusal;
  readonly onChange: (value: string) => void;
}) {
  return (
    <>
      <label>
        {label}
        <input
          {...input}
          onChange={(event) => onChange(event.target.value)}
          {...refusal.described}
        />
      </label>
      {refusal.message}
    </>
  );
}
