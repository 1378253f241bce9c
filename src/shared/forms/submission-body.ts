/**
 * The body of POST /api/form/SaveFormSubmission (docs/behaviour/forms-and-captcha.md#submitting-a-page-form): the
 * key, the form's answers as JSON by field id, the captcha answer when there is one, the
 * intra-page event fields, and the locale forms are sent with ('en-US', docs/behaviour/forms-and-captcha.md#submitting-a-page-form).
 */
import { FORM_MESSAGES } from './messages.ts';

export const FORM_LOCALE = 'en-US';

/** The page the form sits on; content source 'c' (a collection page) or 'i' (an item). */
export interface FormPage {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  readonly contentSource: 'c' | 'i';
}

export interface SubmissionBody {
  readonly key: string;
  readonly formId: string;
  readonly form: string;
  readonly captchaKey?: string;
  readonly pageId: string;
  readonly pageTitle: string;
  readonly pagePath: string;
  readonly contentSource: 'c' | 'i';
  readonly locale: string;
}

export type SubmissionBodyResult =
  | { readonly ok: true; readonly body: SubmissionBody }
  | { readonly ok: false; readonly message: string };

export function submissionBody(input: {
  readonly key: string;
  readonly formId: string;
  readonly answers: unknown;
  readonly captchaKey?: string | undefined;
  readonly page: FormPage;
}): SubmissionBodyResult {
  let form: string | undefined;
  try {
    form = JSON.stringify(input.answers);
  } catch {
    form = undefined;
  }
  if (form === undefined) return { ok: false, message: FORM_MESSAGES.unparseable };
  return {
    ok: true,
    body: {
      key: input.key,
      formId: input.formId,
      form,
      ...(input.captchaKey === undefined ? {} : { captchaKey: input.captchaKey }),
      pageId: input.page.id,
      pageTitle: input.page.title,
      pagePath: input.page.path,
      contentSource: input.page.contentSource,
      locale: FORM_LOCALE,
    },
  };
}
