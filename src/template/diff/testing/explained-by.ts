/**
 * The regression tests' question to the harness (src/template/diff/deviations.ts): which row of
 * docs/adr/002's deviation table explains what the reference printed for a case. Answers the
 * row's id, 'several' when only rows together explain it, or null when none does.
 */
import { explain } from '../deviations.ts';
import type { DiffInput } from '../reference.ts';

export interface CaseOptions {
  readonly partials?: Record<string, string>;
  readonly locale?: string;
}

export type ExplainedBy = (
  template: string,
  context: unknown,
  reference: string,
  options?: CaseOptions,
) => string | null;

/** `explainedBy` for cases rendered at `now` (ms since the epoch), as the file's `render` does. */
export function explainedAt(now: number): ExplainedBy {
  return (template, context, reference, options = {}) => {
    const input: DiffInput = {
      template,
      context,
      partials: options.partials ?? {},
      injects: {},
      locale: options.locale ?? 'en-US',
      now,
    };
    const d = explain(input, reference);
    return d === null || d === 'several' ? d : d.id;
  };
}

/** For cases rendered at time 0. */
export const explainedBy: ExplainedBy = explainedAt(0);
