/**
 * The likert scale (docs/behaviour/forms-and-captcha.md#likert-scale): every likert question is answered on the values -2 to 2,
 * labelled Strongly Disagree … Strongly Agree. The submitted answer of a question is the
 * label of its checked value, so stored answers and the CSV read as the visitor saw them.
 */

export interface LikertPoint {
  readonly value: number;
  readonly label: string;
}

export const LIKERT_SCALE: readonly LikertPoint[] = [
  { value: -2, label: 'Strongly Disagree' },
  { value: -1, label: 'Disagree' },
  { value: 0, label: 'Neutral' },
  { value: 1, label: 'Agree' },
  { value: 2, label: 'Strongly Agree' },
];

/** The label of a scale value, undefined off the scale. */
export function likertLabel(value: number): string | undefined {
  return LIKERT_SCALE.find((point) => point.value === value)?.label;
}
