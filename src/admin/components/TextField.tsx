/**
 * A labelled input with the server's message about it beneath: the owner reads which field was
 * refused, and the input says it is invalid to assistive technology and is described by the
 * message.
 */
import { useId, type HTMLInputTypeAttribute } from 'react';

export function TextField({
  label,
  type,
  name,
  autoComplete,
  required = false,
  value,
  onChange,
  error,
}: {
  readonly label: string;
  readonly type: HTMLInputTypeAttribute;
  readonly name?: string;
  readonly autoComplete: string;
  readonly required?: boolean;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field's message, or undefined while the field is fine. */
  readonly error: string | undefined;
}) {
  const errorId = `${useId()}-error`;
  return (
    <>
      <label>
        {label}
        <input
          type={type}
          name={name}
          autoComplete={autoComplete}
          required={required}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
        />
      </label>
      {error === undefined ? null : (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </>
  );
}
