/**
 * A page's form block (docs/behaviour/forms-and-captcha.md#submitting-a-page-form). The server renders it as a plain
 * <form method="post"> that works without JavaScript (forms/form-post-routes.ts answers it);
 * hydrated, it validates with the shared rules and submits through FormSubmissionKey and
 * SaveFormSubmission. States: idle → submitting (locked, 'Submitting…', a second submit
 * ignored) → success (the submission message, the post-submit block, or a redirect to this
 * site or an allowed host) or failed (unlocked, errors above their fields and the form's
 * message, the captcha reset, the page scrolled to the first error).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CAPTCHA_MESSAGES } from '../../shared/forms/captcha-messages.ts';
import { answersFromEntries } from '../../shared/forms/field-inputs.ts';
import { FORM_MESSAGES } from '../../shared/forms/messages.ts';
import type { PageFormProps } from '../../shared/forms/page-form-view.ts';
import type { SubmissionFailure } from '../../shared/forms/submission-outcome.ts';
import { validateFormAnswers, type FormErrors } from '../../shared/forms/validate.ts';
import { hiddenFieldValue, type FieldValue } from '../../shared/forms/values.ts';
import { allowedRedirect } from '../../shared/html/safe-redirect.ts';
import { CAPTCHA_ERROR_KEY } from '../../shared/forms/captcha-error-key.ts';
import {
  FORM_SUBMITTED_EVENT,
  type FormSubmittedDetail,
} from '../../shared/forms/form-submitted-event.ts';
import { Captcha } from './Captcha.tsx';
import type { CaptchaClient } from './captcha/captcha-client.ts';
import { sessionToken } from '../../clients/session-token.ts';
import { FormField } from './FormField.tsx';
import { navigateTo } from './navigate.ts';
import { scrollToFirstError } from './scroll.ts';
import { submitPageForm } from './submit.ts';

export const DEFAULT_SUBMISSION_MESSAGE = 'Thank you!';

type View =
  | { readonly status: 'idle' | 'submitting' | 'success' }
  | {
      readonly status: 'failed';
      readonly message: string;
      readonly errors: FormErrors;
      /** Counts failures, so each one scrolls even when the errors did not change. */
      readonly attempt: number;
    };

function initialView(props: PageFormProps): View {
  const outcome = props.outcome;
  if (outcome?.status === 'success') return { status: 'success' };
  if (outcome?.status === 'failed')
    return { status: 'failed', message: outcome.message, errors: outcome.errors, attempt: 0 };
  return { status: 'idle' };
}

/** The captcha client's answer; a client that never rendered counts as unanswered. */
function captchaAnswer(client: CaptchaClient | null): string | undefined {
  try {
    return client?.response();
  } catch (error) {
    console.error(error instanceof Error ? error.message : CAPTCHA_MESSAGES.notSetUp);
    return undefined;
  }
}

function resetCaptcha(client: CaptchaClient | null): void {
  try {
    client?.reset();
  } catch (error) {
    console.error(error instanceof Error ? error.message : CAPTCHA_MESSAGES.notSetUp);
  }
}

/** The census button id of a newsletter block's sign-up button. */
export const NEWSLETTER_CENSUS_BUTTON = 'newsletter-signup';

export default function PageForm(props: PageFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaClient | null>(null);
  const locked = useRef(false);
  const [view, setView] = useState<View>(() => initialView(props));
  const sentValues: Readonly<Record<string, FieldValue>> =
    props.outcome?.status === 'failed' ? props.outcome.values : {};

  const attempt = view.status === 'failed' ? view.attempt : 0;
  useEffect(() => {
    if (attempt > 0 && formRef.current) return scrollToFirstError(formRef.current);
  }, [attempt]);

  const fail = (failure: SubmissionFailure) => {
    resetCaptcha(captchaRef.current);
    setView((previous) => ({
      status: 'failed',
      message: failure.message,
      errors: failure.fieldErrors,
      attempt: (previous.status === 'failed' ? previous.attempt : 0) + 1,
    }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked.current) return;
    const form = event.currentTarget;
    const answers = answersFromEntries(props.fields, new FormData(form));
    const query = new URLSearchParams(window.location.search);
    for (const field of props.fields)
      if (field.type === 'hidden') answers[field.id] = hiddenFieldValue(field, query);

    const errors = validateFormAnswers(
      { fields: props.fields },
      answers,
      props.validationDisabled === true ? { validationDisabled: true } : {},
    );
    const captchaKey = props.captcha ? captchaAnswer(captchaRef.current) : undefined;
    if (props.captcha && (captchaKey === undefined || captchaKey === ''))
      errors[CAPTCHA_ERROR_KEY] = FORM_MESSAGES.captchaIncomplete;
    if (Object.keys(errors).length > 0) {
      fail({ message: FORM_MESSAGES.invalid, fieldErrors: errors });
      return;
    }

    locked.current = true;
    setView({ status: 'submitting' });
    const result = await submitPageForm({
      formId: props.formId,
      answers,
      captchaKey,
      page: props.page,
      csrfToken: sessionToken() ?? props.crumb,
    });
    locked.current = false;
    if (!result.ok) {
      fail(result.failure);
      return;
    }
    setView({ status: 'success' });
    document.dispatchEvent(
      new CustomEvent<FormSubmittedDetail>(FORM_SUBMITTED_EVENT, {
        detail: { formId: props.formId },
      }),
    );
    const target =
      props.successRedirect === undefined
        ? undefined
        : allowedRedirect(props.successRedirect, props.redirectHosts);
    if (target !== undefined) navigateTo(target);
  };

  if (view.status === 'success') {
    return (
      <div className="page-form page-form--submitted" id={`page-form-${props.formId}`}>
        {props.submissionHTML === undefined ? (
          <p className="page-form-success" role="status">
            {props.submissionMessage ?? DEFAULT_SUBMISSION_MESSAGE}
          </p>
        ) : (
          <div
            className="page-form-post-submit"
            role="status"
            dangerouslySetInnerHTML={{ __html: props.submissionHTML }}
          />
        )}
      </div>
    );
  }

  const submitting = view.status === 'submitting';
  const failed = view.status === 'failed';
  const errors = failed ? view.errors : {};
  const problem = failed && !props.newsletter;
  return (
    <form
      ref={formRef}
      className={props.newsletter ? 'page-form page-form--newsletter' : 'page-form'}
      id={`page-form-${props.formId}`}
      method="post"
      action={props.action}
      noValidate
      aria-busy={submitting}
      aria-label={props.name}
      onSubmit={(event) => void onSubmit(event)}
    >
      <input type="hidden" name="crumb" value={props.crumb} />
      <input type="hidden" name="formId" value={props.formId} />
      <input type="hidden" name="pagePath" value={props.page.path} />
      {problem ? <p className="page-form-problem">{FORM_MESSAGES.problemAbove}</p> : null}
      <fieldset className="page-form-body" disabled={submitting}>
        {props.fields.map((field) => (
          <FormField
            key={field.id}
            formId={props.formId}
            field={field}
            error={errors[field.id]}
            value={sentValues[field.id]}
          />
        ))}
        {props.captcha ? (
          <Captcha
            formId={props.formId}
            captcha={props.captcha}
            error={errors[CAPTCHA_ERROR_KEY]}
            clientRef={captchaRef}
          />
        ) : null}
      </fieldset>
      {props.parsedDisclaimerMessage === undefined ? null : (
        <div
          className="page-form-disclaimer"
          dangerouslySetInnerHTML={{ __html: props.parsedDisclaimerMessage }}
        />
      )}
      {failed ? (
        <p className="page-form-message" role="alert" data-form-error="">
          {view.message}
        </p>
      ) : null}
      {problem ? <p className="page-form-problem">{FORM_MESSAGES.problemBelow}</p> : null}
      <button
        type="submit"
        className="page-form-submit"
        disabled={submitting}
        // A newsletter sign-up is a button merchants track: the census counts its renders and clicks.
        data-census-button={props.newsletter ? NEWSLETTER_CENSUS_BUTTON : undefined}
      >
        {submitting ? FORM_MESSAGES.submitting : props.submitLabel}
      </button>
    </form>
  );
}
