/**
 * The page form's submission (docs/behaviour/forms-and-captcha.md#form-calls): a fresh key from FormSubmissionKey, then
 * SaveFormSubmission with the answers, both with the session's CSRF token and credentials. Every
 * failure comes back as data with the spec's message (docs/behaviour/forms-and-captcha.md#messages); nothing throws.
 */
import { FORM_MESSAGES } from '../../shared/forms/messages.ts';
import { submissionBody, type FormPage } from '../../shared/forms/submission-body.ts';
import {
  submissionFailure,
  type SubmissionFailure,
} from '../../shared/forms/submission-outcome.ts';

export const SUBMISSION_KEY_PATH = '/api/form/FormSubmissionKey';
export const SAVE_SUBMISSION_PATH = '/api/form/SaveFormSubmission';

export type SubmitResult =
  { readonly ok: true } | { readonly ok: false; readonly failure: SubmissionFailure };

export interface SubmitInput {
  readonly formId: string;
  readonly answers: unknown;
  readonly captchaKey?: string | undefined;
  readonly page: FormPage;
  readonly csrfToken: string;
  readonly fetch?: typeof fetch;
}

const failed = (message: string): SubmitResult => ({
  ok: false,
  failure: { message, fieldErrors: {} },
});

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function submissionKey(send: typeof fetch, csrfToken: string): Promise<string | undefined> {
  try {
    const response = await send(SUBMISSION_KEY_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-csrf-token': csrfToken },
    });
    if (!response.ok) return undefined;
    const body = await jsonOf(response);
    const key =
      typeof body === 'object' && body !== null ? (body as { key?: unknown }).key : undefined;
    return typeof key === 'string' && key !== '' ? key : undefined;
  } catch {
    return undefined;
  }
}

export async function submitPageForm(input: SubmitInput): Promise<SubmitResult> {
  const send = input.fetch ?? fetch;
  const key = await submissionKey(send, input.csrfToken);
  if (key === undefined) return failed(FORM_MESSAGES.noSubmissionKey);

  const built = submissionBody({
    key,
    formId: input.formId,
    answers: input.answers,
    captchaKey: input.captchaKey,
    page: input.page,
  });
  if (!built.ok) return failed(built.message);

  let response: Response;
  try {
    response = await send(SAVE_SUBMISSION_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': input.csrfToken },
      body: JSON.stringify(built.body),
    });
  } catch {
    return failed(FORM_MESSAGES.processingError);
  }
  const body = await jsonOf(response);
  if (response.ok) {
    const saved =
      typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
    return saved ? { ok: true } : failed(FORM_MESSAGES.processingError);
  }
  return { ok: false, failure: submissionFailure(response.status, body) };
}
