/**
 * A report's period as a group of radio buttons (the last 7 days, …): one choice at a time,
 * applied at once, and read by screen readers as one labelled group.
 */
import { useId } from 'react';

export function PeriodChoice<Value extends string | number>({
  legend,
  options,
  chosen,
  onChoose,
}: {
  readonly legend: string;
  readonly options: readonly { readonly value: Value; readonly label: string }[];
  /** The chosen option's value; undefined while none of them is (a custom range). */
  readonly chosen: Value | undefined;
  readonly onChoose: (value: Value) => void;
}) {
  const name = useId();
  return (
    <fieldset className="period-picker">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={chosen === option.value}
            onChange={() => onChoose(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
