/** A checkbox with its label beside it, in the dashboard's `checkbox` label style. */
import type { InputHTMLAttributes, ReactNode } from 'react';

export function Checkbox({
  label,
  checked,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange'> & {
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input
        {...input}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
