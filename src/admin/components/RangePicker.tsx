/**
 * The range of the report pages: the last 7, 30 or 90 days (the server knows the site's time
 * zone and so its today), or two chosen days. A chosen range is applied with its button, so a
 * half-typed date never asks the server.
 */
import { useId, useState } from 'react';
import type { ReportRange } from '../api/analytics.ts';

const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

export function RangePicker({
  range,
  onChange,
}: {
  readonly range: ReportRange;
  readonly onChange: (range: ReportRange) => void;
}) {
  const name = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  return (
    <div className="range-picker">
      <fieldset className="period-picker">
        <legend>Range</legend>
        {PRESETS.map((preset) => (
          <label key={preset.days}>
            <input
              type="radio"
              name={name}
              checked={'days' in range && range.days === preset.days}
              onChange={() => onChange({ days: preset.days })}
            />
            {preset.label}
          </label>
        ))}
      </fieldset>
      <form
        className="range-custom"
        aria-label="Chosen days"
        onSubmit={(event) => {
          event.preventDefault();
          if (from === '' || to === '') return setProblem('Choose both days.');
          if (from > to) return setProblem('The first day must not be after the last.');
          setProblem(null);
          onChange({ from, to });
        }}
      >
        <label>
          From
          <input
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            aria-describedby={problem ? problemId : undefined}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-describedby={problem ? problemId : undefined}
          />
        </label>
        <button type="submit">Show these days</button>
        {problem ? (
          <p id={problemId} className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}
