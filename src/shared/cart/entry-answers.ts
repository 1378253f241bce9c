/**
 * An entry's extra-field answers as the cart shows them: one line of text per answer under its
 * field's title, in the order of the form's fields (stored answers keep no order), empty answers
 * left out. The cart page renders them on the server and again in the browser after an edit.
 */

export interface AnswerLine {
  readonly title: string;
  readonly value: string;
}

/** An answer as one line of text: lists joined, an address or name's parts in order. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .map(answerText)
      .filter(Boolean)
      .join(' ');
  }
  return '';
}

/** Answers in the order of the form's fields; answers to fields it does not list follow by id. */
function inFormOrder(
  answers: Readonly<Record<string, unknown>>,
  fieldTitles: ReadonlyMap<string, string> | undefined,
): [string, unknown][] {
  const fieldIds = [...(fieldTitles?.keys() ?? [])];
  const rank = (id: string) => {
    const index = fieldIds.indexOf(id);
    return index === -1 ? fieldIds.length : index;
  };
  return Object.entries(answers).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export function answerLines(
  answers: Readonly<Record<string, unknown>> | null | undefined,
  fieldTitles: ReadonlyMap<string, string> | undefined,
): AnswerLine[] {
  return inFormOrder(answers ?? {}, fieldTitles)
    .map(([fieldId, value]) => ({
      title: fieldTitles?.get(fieldId) ?? fieldId,
      value: answerText(value),
    }))
    .filter((answer) => answer.value !== '');
}
