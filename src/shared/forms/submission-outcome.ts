/**
 * What a page form shows when SaveFormSubmission refuses it (docs/behaviour/forms-and-captcha.md#submitting-a-page-form):
 * a 400 with a per-field error map puts each message above its field; 401, 404, 429 and 500
 * have fixed messages; any other status shows the response's own error text, else the
 * generic one.
 */
import { FORM_MESSAGES } from './messages.ts';
import type { FormErrors } from './validate.ts';

export interface SubmissionFailure {
  /** The message about the whole form, shown by the submit button. */
  readonly message: string;
  /** Messages by field id (and `captcha`), each shown above its field. */
  readonly fieldErrors: FormErrors;
}

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: FORM_MESSAGES.unauthorized,
  404: FORM_MESSAGES.notConfigured,
  429: FORM_MESSAGES.rateLimited,
  500: FORM_MESSAGES.serverError,
};

/** The key under which the server reports an unparseable `form` (save-submission.ts). */
export const FORM_ERROR_KEY = 'form';

function errorOf(body: unknown): { message?: unknown; fields?: unknown } | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error === 'string') return { message: error };
  return typeof error === 'object' && error !== null ? error : undefined;
}

function stringFields(fields: unknown): FormErrors {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function submissionFailure(status: number, body: unknown): SubmissionFailure {
  const error = errorOf(body);
  if (status === 400) {
    const fieldErrors = stringFields(error?.fields);
    if (Object.keys(fieldErrors).length > 0) {
      const { [FORM_ERROR_KEY]: formError, ...rest } = fieldErrors;
      return { message: formError ?? FORM_MESSAGES.invalid, fieldErrors: rest };
    }
  }
  const fixed = STATUS_MESSAGES[status];
  if (fixed !== undefined) return { message: fixed, fieldErrors: {} };
  const text = error?.message;
  return {
    message: typeof text === 'string' && text.trim() !== '' ? text : FORM_MESSAGES.unknownError,
    fieldErrors: {},
  };
}
