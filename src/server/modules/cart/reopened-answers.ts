/**
 * The answers editor a refused POST /cart/answers opens again on the cart page: the entry named
 * by `?cartAnswers=` (when it is still in the cart with a form) and the field errors of
 * `?cartAnswerErrors=`. Only the form rules' own messages are shown, so a crafted link cannot
 * put words of its own on the store's page.
 */
import { FORM_MESSAGES } from '../../../shared/forms/messages.ts';

const KNOWN_MESSAGES: ReadonlySet<string> = new Set(Object.values(FORM_MESSAGES));

export interface ReopenedAnswers {
  readonly entryId: string;
  readonly errors: Record<string, string>;
}

function fieldErrors(text: string | undefined): Record<string, string> {
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (pair): pair is [string, string] =>
        typeof pair[1] === 'string' && KNOWN_MESSAGES.has(pair[1]),
    ),
  );
}

export function reopenedAnswers(
  entryId: string | undefined,
  errorsText: string | undefined,
  entriesWithForms: ReadonlySet<string>,
): ReopenedAnswers | null {
  if (entryId === undefined || !entriesWithForms.has(entryId)) return null;
  return { entryId, errors: fieldErrors(errorsText) };
}
