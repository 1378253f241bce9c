/**
 * CSV export of form submissions (RFC 4180: every cell quoted, CRLF line ends), with formula
 * injection neutralised: a cell that starts with = + - @ (or a tab or carriage return, which
 * spreadsheets also strip before evaluating) gets a leading apostrophe, so a spreadsheet shows
 * visitor text as text instead of running it.
 */
import type { SubmittedAnswer, SubmittedField } from '../../db/schema-forms.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvCell(text: string): string {
  return `"${neutralizeCell(text).replace(/"/g, '""')}"`;
}

/** One answer as cell text: parts joined by ", " (empty parts dropped), likert as "question: answer; …". */
export function answerText(answer: SubmittedAnswer | undefined): string {
  if (answer === undefined) return '';
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer)) return answer.filter((part) => part.trim() !== '').join(', ');
  return Object.entries(answer)
    .map(([question, choice]) => `${question}: ${choice}`)
    .join('; ');
}

export interface CsvSubmission {
  readonly createdAt: Date;
  readonly pagePath: string | null;
  readonly fields: readonly SubmittedField[];
  readonly answers: Readonly<Record<string, SubmittedAnswer>>;
}

/** Columns: Submitted, Page, then every field seen (first-seen order), titled by its latest title. */
export function submissionsCsv(submissions: readonly CsvSubmission[]): string {
  const columns = new Map<string, string>();
  for (const submission of submissions) {
    for (const field of submission.fields) {
      if (field.type === 'section') continue;
      if (!columns.has(field.id) || field.title !== undefined)
        columns.set(field.id, field.title ?? field.id);
    }
  }
  const header = ['Submitted', 'Page', ...columns.values()];
  const rows = submissions.map((submission) => [
    submission.createdAt.toISOString(),
    submission.pagePath ?? '',
    ...[...columns.keys()].map((id) => answerText(submission.answers[id])),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
