/**
 * The range of the report pages: the last 7, 30 or 90 days (the server knows the site's time
 * zone and so its today), or two chosen days. A chosen range is applied with its button, so a
 * half-typed date never asks the server.
 */
import { useId, useState } from 'react';
import type { ReportRange } from '../api/analytics.ts';
import { PeriodChoice } from './PeriodChoice.tsx';

const PRESETS = [
  { value: 7, label: 'Last 7 days' },
  { value: 30, label: 'Last 30 days' },
  { value: 90, label: 'Last 90 days' },
] as const;

/** One end of a chosen range; the range's problem, when there is one, describes both. */
function DayInput({
  label,
  value,
  onChange,
  problemId,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly problemId: string | undefined;
}) {
  return (
    <label>
      {label}
      <input
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={problemId}
      />
    </label>
  );
}

export function RangePicker({
  range,
  onChange,
}: {
  readonly range: ReportRange;
  readonly onChange: (range: ReportRange) => void;
}) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  return (
    <div className="range-picker">
      <PeriodChoice
        legend="Range"
        options={PRESETS}
        chosen={'days' in range ? range.days : undefined}
        onChoose={(days) => onChange({ days })}
      />
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
        <DayInput
          label="From"
          value={from}
          onChange={setFrom}
          problemId={problem ? problemId : undefined}
        />
        <DayInput
          label="To"
          value={to}
          onChange={setTo}
          problemId={problem ? problemId : undefined}
        />
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
