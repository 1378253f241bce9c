/**
 * SaveFormSubmission (docs/behaviour/forms-and-captcha.md#submitting-a-page-form), as a recipe of named steps:
 *
 * 1. the key must be present, unused, unexpired and this session's → else 401;
 * 2. the form must exist on this site → else 404 'This form has not been configured yet.';
 * 3. the `form` JSON must be an object of values by field id → else 400 'Could not parse …';
 * 4. the visitor and the form must be under their rate limits → else 429;
 * 5. every field rule (the shared validateFormAnswers) and the captcha, all at once → else one
 *    400 with every message keyed by field id (the captcha's under `captcha`);
 * 6. in one transaction: use the key up and store the answers.
 *
 * Answers are stored as text (JSON strings by field id), including hidden fields, which pages
 * fill from query parameters and so are untrusted; nothing is rendered from them as HTML.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import {
  FORM_MESSAGES,
  normalizeFormAnswers,
  validateFormAnswers,
  type FormErrors,
} from '../../../shared/forms/index.ts';
import { schema, type Database } from '../../db/index.ts';
import { CONTENT_SOURCES, type SubmittedAnswer } from '../../db/schema-forms.ts';
import { hmacToken } from '../../http/session.ts';
import { formNeedsCaptcha, verifyCaptcha, type CaptchaConfig } from '../captcha/index.ts';
import { loadForm, loadFormSiteSettings, type StoredForm } from './form-queries.ts';
import { isFormRateLimited, type FormRateLimits } from './rate-limit.ts';
import { consumeSubmissionKey, isSubmissionKeyUsable } from './submission-key.ts';

const { formSubmissions } = schema;

/** The error map key of the captcha in a 400 (it is not a field of the form). */
export const CAPTCHA_ERROR_KEY = 'captcha';

export const saveFormBody = z.object({
  key: z.string().max(200).optional(),
  formId: z.string().min(1).max(64),
  form: z.string().max(200_000),
  captchaKey: z.string().max(8000).optional(),
  pageTitle: z.string().max(500).optional(),
  pageId: z.string().max(200).optional(),
  contentSource: z.enum(CONTENT_SOURCES).optional(),
  pagePath: z.string().max(2000).optional(),
});
export type SaveFormBody = z.infer<typeof saveFormBody>;

export interface SaveSubmissionConfig {
  readonly secret: string;
  readonly captcha: CaptchaConfig;
  readonly rateLimits: FormRateLimits;
}

export interface SaveSubmissionInput {
  readonly siteId: string;
  readonly sessionId: string;
  readonly ip: string;
  readonly body: SaveFormBody;
}

export interface SavedSubmission {
  readonly submissionId: string;
  readonly form: StoredForm;
  readonly answers: Readonly<Record<string, SubmittedAnswer>>;
}

function parseAnswers(json: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('VALIDATION_FAILED', {
      message: FORM_MESSAGES.unparseable,
      fields: { form: FORM_MESSAGES.unparseable },
    });
  }
  return parsed as Record<string, unknown>;
}

export async function saveFormSubmission(
  database: Database,
  config: SaveSubmissionConfig,
  input: SaveSubmissionInput,
): Promise<SavedSubmission> {
  const { db } = database;
  const { body, siteId } = input;
  const key = body.key ?? '';
  const keyLookup = { secret: config.secret, sessionId: input.sessionId, siteId, key };
  if (key === '' || !(await isSubmissionKeyUsable(db, keyLookup)))
    throw new AppError('FORM_KEY_INVALID');

  const form = await loadForm(db, siteId, body.formId);
  if (!form) throw new AppError('FORM_NOT_CONFIGURED');

  const raw = parseAnswers(body.form);
  const ipHash = hmacToken(config.secret, 'form-submission-ip', input.ip);
  if (await isFormRateLimited(db, config.rateLimits, { siteId, formId: form.id, ipHash })) {
    throw new AppError('FORM_RATE_LIMITED');
  }

  const settings = await loadFormSiteSettings(db, siteId);
  const errors: FormErrors = validateFormAnswers(form, raw, {
    textareaMaxLength: settings.formTextareaMaxLength,
    validationDisabled: form.settings.validationDisabled === true,
  });
  if (formNeedsCaptcha(settings, form.settings.captchaEnabled)) {
    const passed = await verifyCaptcha(db, config.captcha, settings, body.captchaKey, input.ip);
    if (!passed) errors[CAPTCHA_ERROR_KEY] = FORM_MESSAGES.captchaIncomplete;
  }
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fields: errors });

  const answers = normalizeFormAnswers(form, raw) as Record<string, SubmittedAnswer>;
  const submissionId = await database.withTransaction(async (tx) => {
    if (!(await consumeSubmissionKey(tx, keyLookup))) throw new AppError('FORM_KEY_INVALID');
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        siteId,
        formId: form.id,
        formName: form.name,
        fields: form.fields.map((field) => ({
          id: field.id,
          type: field.type,
          ...(field.title === undefined ? {} : { title: field.title }),
        })),
        answers,
        pageTitle: body.pageTitle ?? null,
        pageId: body.pageId ?? null,
        contentSource: body.contentSource ?? null,
        pagePath: body.pagePath ?? null,
        ipHash,
      })
      .returning({ id: formSubmissions.id });
    if (!row) throw new Error('form submission insert returned no row');
    return row.id;
  });
  return { submissionId, form, answers };
}
