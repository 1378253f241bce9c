/**
 * A page's form block as the page form island and the server-rendered form see it: the fields
 * with the builder settings each type takes (docs/behaviour/forms-and-captcha.md#field-types), the messages after submission,
 * the disclaimer, the captcha and where the plain form posts. Built on the server from the
 * stored form and the site's settings; it is the island's props, so it holds JSON only.
 */
import { builderSettings } from './block-schema.ts';
import { parseDisclaimer } from './disclaimer.ts';
import type { FormFieldDefinition } from './field-types.ts';
import { allowedRedirect } from '../html/safe-redirect.ts';
import type { FormPage } from './submission-body.ts';
import { hiddenFieldValue, type FieldValue, type QueryLike } from './values.ts';
import type { CaptchaProvider, FormSiteSettings } from './site-settings.ts';
import { siteCaptcha } from './site-settings.ts';
import type { FormErrors } from './validate.ts';

/** Where the server-rendered form posts when JavaScript is off (forms/form-post-routes.ts). */
export const FORM_POST_PATH = '/forms/submit';

export const SUBMIT_LABEL = 'Submit';
export const NEWSLETTER_SUBMIT_LABEL = 'Subscribe';

export interface PageFormCaptcha {
  readonly provider: CaptchaProvider;
  readonly siteKey: string;
  /** The form's captchaTheme: 'light' or 'dark'. */
  readonly theme: 'light' | 'dark';
  /** The form's captchaAlignment: 'left', 'center' or 'right'. */
  readonly alignment: 'left' | 'center' | 'right';
}

/** What the server answers a plain form post with, rendered into the form. */
export type PageFormOutcome =
  | { readonly status: 'success' }
  | {
      readonly status: 'failed';
      readonly message: string;
      readonly errors: FormErrors;
      readonly values: Readonly<Record<string, FieldValue>>;
    };

export interface PageFormProps {
  readonly formId: string;
  readonly name: string;
  /** Newsletter blocks show no "scroll to review" messages. */
  readonly newsletter: boolean;
  readonly fields: readonly FormFieldDefinition[];
  readonly submitLabel: string;
  readonly submissionMessage?: string;
  /** The post-submit block: the owner's HTML shown instead of the form. */
  readonly submissionHTML?: string;
  /** Already checked: a path of this site or a URL on an allowed host. */
  readonly successRedirect?: string;
  readonly redirectHosts: readonly string[];
  /** The form's validation is off: the browser submits without checking the merchant's rules. */
  readonly validationDisabled?: boolean;
  readonly parsedDisclaimerMessage?: string;
  readonly captcha?: PageFormCaptcha;
  /** The plain post's target: FORM_POST_PATH with the form's element id as the fragment. */
  readonly action: string;
  readonly crumb: string;
  readonly page: FormPage;
  readonly outcome?: PageFormOutcome;
}

/** The stored form as the view needs it. */
export interface FormForView {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly FormFieldDefinition[];
  readonly settings: {
    readonly submissionMessage?: string | undefined;
    readonly submissionHTML?: string | undefined;
    readonly successRedirect?: string | undefined;
    readonly disclaimerMessage?: string | undefined;
    readonly captchaEnabled?: boolean | undefined;
    readonly validationDisabled?: boolean | undefined;
    readonly captchaTheme?: string | undefined;
    readonly captchaAlignment?: string | undefined;
  };
}

export interface PageFormViewInput {
  readonly form: FormForView;
  readonly blockType: string;
  readonly settings: FormSiteSettings;
  /** website.settings.redirectHosts: hosts a successRedirect may leave the site for. */
  readonly redirectHosts: readonly string[];
  readonly page: FormPage;
  /** The page's query: hidden fields take a same-named parameter. */
  readonly query: QueryLike;
  readonly crumb?: string;
}

/**
 * The field as the visitor sees it: only the settings its type takes, textarea's maxLength only
 * when the site's flag is on, and a hidden field's value resolved from the page query.
 */
export function viewField(
  field: FormFieldDefinition,
  settings: Pick<FormSiteSettings, 'formTextareaMaxLength'>,
  query: QueryLike,
): FormFieldDefinition {
  const allowed = new Set<string>(
    builderSettings(field.type, { textareaMaxLength: settings.formTextareaMaxLength }),
  );
  // text fields keep the maxLength the site file gives them (docs/behaviour/forms-and-captcha.md#field-types).
  if (field.type === 'text') allowed.add('maxLength');
  const kept: Record<string, unknown> = { id: field.id, type: field.type };
  for (const [key, value] of Object.entries(field)) {
    if (allowed.has(key) && value !== undefined) kept[key] = value;
  }
  if (field.type === 'hidden') kept.value = hiddenFieldValue(field, query);
  return kept as unknown as FormFieldDefinition;
}

const oneOf = <T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T => ((allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback);

export function pageFormView(input: PageFormViewInput): PageFormProps {
  const { form, settings } = input;
  const captcha = siteCaptcha(settings);
  const redirect =
    form.settings.successRedirect === undefined
      ? undefined
      : allowedRedirect(form.settings.successRedirect, input.redirectHosts);
  const newsletter = input.blockType === 'newsletter';
  const optional = {
    submissionMessage: form.settings.submissionMessage,
    submissionHTML: form.settings.submissionHTML,
    successRedirect: redirect,
    parsedDisclaimerMessage: parseDisclaimer(form.settings.disclaimerMessage),
  };
  return {
    formId: form.id,
    name: form.name,
    newsletter,
    fields: form.fields.map((field) => viewField(field, settings, input.query)),
    submitLabel: newsletter ? NEWSLETTER_SUBMIT_LABEL : SUBMIT_LABEL,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    redirectHosts: input.redirectHosts,
    ...(form.settings.validationDisabled === true ? { validationDisabled: true } : {}),
    ...(captcha.on && form.settings.captchaEnabled === true && captcha.siteKey !== undefined
      ? {
          captcha: {
            provider: captcha.provider,
            siteKey: captcha.siteKey,
            theme: oneOf(form.settings.captchaTheme, ['light', 'dark'] as const, 'light'),
            alignment: oneOf(
              form.settings.captchaAlignment,
              ['left', 'center', 'right'] as const,
              'left',
            ),
          },
        }
      : {}),
    // The fragment brings a visitor without JavaScript back to this form on the answering page.
    action: `${FORM_POST_PATH}#page-form-${form.id}`,
    crumb: input.crumb ?? '',
    page: input.page,
  };
}
