/**
 * POST /forms/submit: a page form posted without JavaScript (the server-rendered
 * <form method="post"> of the page form island). The hidden `crumb` passes the CSRF check like
 * every form post; `formId` names the form and `pagePath` the page it sits on, which must show
 * that form. The answers are read from the inputs (shared/forms/field-inputs.ts), a submission
 * key is issued for this session, and the submitter stores them exactly as SaveFormSubmission
 * does (same validation, messages, captcha and rate limits).
 *
 * Answers: on success a 303 to the form's successRedirect (this site or an allowed host), else
 * the page again with the submission message; on failure the page again, with the form's
 * message, the errors above their fields and what was typed, under the status SaveFormSubmission
 * would have answered.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { answersFromEntries, entriesOfBody } from '../../../shared/forms/field-inputs.ts';
import {
  FORM_POST_PATH,
  type PageFormOutcome,
  type PageFormProps,
} from '../../../shared/forms/page-form-view.ts';
import { submissionFailure } from '../../../shared/forms/submission-outcome.ts';
import { allowedRedirect, sameSitePath } from '../../../shared/html/safe-redirect.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { toAppError } from '../../http/error-handler.ts';
import type { FormSubmitter } from './form-submitter.ts';
import { KEY_RATE_LIMIT } from './routes.ts';
import { issueSubmissionKey } from './submission-key.ts';

/** The page a form was posted from, as the page routes resolve it for this visitor. */
export interface PostedFormPage {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  /** The page's form blocks (empty when the visitor may not open the page). */
  readonly formBlocks: readonly PageFormProps[];
  /** Renders the page with the block of `formId` showing `outcome`. */
  show(formId: string, outcome: PageFormOutcome, status: number): Promise<FastifyReply>;
}

export interface FormPostDeps {
  readonly database: Database;
  readonly secret: string;
  readonly submitter: FormSubmitter;
  readonly findPage: (
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    path: string,
  ) => Promise<PostedFormPage | undefined>;
}

const text = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  return typeof value === 'string' ? value : '';
};

/** The captcha answer the widget left in the form: ALTCHA's payload or reCAPTCHA's token. */
function captchaKeyOf(body: Record<string, unknown>): string | undefined {
  const key = text(body, 'altcha') || text(body, 'g-recaptcha-response');
  return key === '' ? undefined : key;
}

export function registerFormPostRoutes(app: FastifyInstance, deps: FormPostDeps): void {
  app.post(FORM_POST_PATH, { config: { rateLimit: KEY_RATE_LIMIT } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const body =
      typeof request.body === 'object' && request.body !== null
        ? (request.body as Record<string, unknown>)
        : {};
    const { site } = request;
    const formId = text(body, 'formId');
    const path = sameSitePath(text(body, 'pagePath'))?.split(/[?#]/)[0];
    const page = path === undefined ? undefined : await deps.findPage(request, reply, site, path);
    const block = page?.formBlocks.find((candidate) => candidate.formId === formId);
    if (!page || !block) throw new AppError('FORM_NOT_CONFIGURED');

    const answers = answersFromEntries(block.fields, entriesOfBody(body));
    const captchaKey = captchaKeyOf(body);
    try {
      const key = await issueSubmissionKey(deps.database.db, {
        secret: deps.secret,
        sessionId: request.session.id,
        siteId: site.id,
      });
      await deps.submitter.save(request, site, {
        key,
        formId,
        form: JSON.stringify(answers),
        ...(captchaKey === undefined ? {} : { captchaKey }),
        pageId: page.id,
        pageTitle: page.title,
        pagePath: page.path,
        contentSource: 'c',
      });
    } catch (error) {
      const appError = toAppError(error);
      if (!appError) throw error;
      const failure = submissionFailure(appError.status, appError.toBody());
      return page.show(
        formId,
        {
          status: 'failed',
          message: failure.message,
          errors: failure.fieldErrors,
          values: answers,
        },
        appError.status,
      );
    }
    const redirect =
      block.successRedirect === undefined
        ? undefined
        : allowedRedirect(block.successRedirect, block.redirectHosts);
    if (redirect !== undefined) return reply.redirect(redirect, 303);
    return page.show(formId, { status: 'success' }, 200);
  });
}
