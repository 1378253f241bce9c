/**
 * Page-form routes (docs/behaviour/forms-and-captcha.md#form-calls):
 * - GET  /api/template/GetTemplateSchema?type=form  the form block's schema;
 * - POST /api/form/FormSubmissionKey                 { key } (single use, expires, this session's);
 * - POST /api/form/SaveFormSubmission                store answers (see save-submission.ts);
 * - POST /api/rest/forms/validate/:formId            extra-field form answers: 200, or 400 by field id;
 * plus the owner's submissions listing and CSV export (owner-routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { formBlockSchema, validateFormAnswers } from '../../../shared/forms/index.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { altchaHmacKey } from '../captcha/index.ts';
import type { CaptchaConfig } from '../captcha/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import { loadForm, loadFormSiteSettings } from './form-queries.ts';
import { registerOwnerFormRoutes } from './owner-routes.ts';
import { DEFAULT_FORM_RATE_LIMITS, type FormRateLimits } from './rate-limit.ts';
import { createFormSubmitter } from './form-submitter.ts';
import { saveFormBody } from './save-submission.ts';
import { issueSubmissionKey } from './submission-key.ts';

export interface FormRouteDeps {
  readonly database: Database;
  readonly config: Config;
  readonly rateLimits?: FormRateLimits;
  /** The process's mailer and link origin (services.ts). */
  readonly mailer: Mailer;
  readonly publicOrigin: PublicOrigin;
}

/** The captcha settings of the process, from config. */
export function captchaConfig(config: Config): CaptchaConfig {
  return {
    altchaHmacKey: altchaHmacKey(config.sessionSecret),
    altchaMaxNumber: config.forms.altchaMaxNumber,
    recaptchaSecret: config.forms.recaptchaSecret,
    recaptchaVerifyUrl: config.forms.recaptchaVerifyUrl,
    production: config.nodeEnv === 'production',
  };
}

const schemaQuery = z.object({ type: z.enum(['form']) });
const validateParams = z.object({ formId: z.string().min(1).max(64) });
const answersBody = z.record(z.string(), z.unknown());

/** Keys per client IP per minute: each submit asks for one. */
export const KEY_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** The form APIs answer FORM_NOT_CONFIGURED, not 404, while there is no site: their routes say 'optional'. */
function requireSite(request: FastifyRequest): CurrentSite {
  if (!request.siteIfAny) throw new AppError('FORM_NOT_CONFIGURED');
  return request.siteIfAny;
}

const OPTIONAL_SITE = { site: 'optional' } as const;

export function registerFormRoutes(app: FastifyInstance, deps: FormRouteDeps): void {
  const { database, config } = deps;
  const saveConfig = {
    secret: config.sessionSecret,
    captcha: captchaConfig(config),
    rateLimits: deps.rateLimits ?? DEFAULT_FORM_RATE_LIMITS,
  };
  const submitter = createFormSubmitter({
    database,
    saveConfig,
    mailer: deps.mailer,
    publicOrigin: deps.publicOrigin,
  });
  // The plain form post lives among the page routes (it answers with the page): it finds the
  // submitter here, so both ways of submitting store answers the same way.
  app.decorate('pageFormSubmitter', submitter);

  app.get('/api/template/GetTemplateSchema', { config: OPTIONAL_SITE }, async (request) => {
    schemaQuery.parse(request.query);
    const site = requireSite(request);
    const settings = await loadFormSiteSettings(database.db, site.id);
    return formBlockSchema({ textareaMaxLength: settings.formTextareaMaxLength });
  });

  app.post(
    '/api/form/FormSubmissionKey',
    { config: { rateLimit: KEY_RATE_LIMIT, ...OPTIONAL_SITE } },
    async (request, reply) => {
      const site = requireSite(request);
      const key = await issueSubmissionKey(database.db, {
        secret: config.sessionSecret,
        sessionId: request.session.id,
        siteId: site.id,
      });
      void reply.header('cache-control', 'no-store');
      return { key };
    },
  );

  app.post('/api/form/SaveFormSubmission', { config: OPTIONAL_SITE }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const body = saveFormBody.parse(request.body);
    const site = requireSite(request);
    const saved = await submitter.save(request, site, body);
    return { success: true, submissionId: saved.submissionId };
  });

  app.post('/api/rest/forms/validate/:formId', { config: OPTIONAL_SITE }, async (request) => {
    const { formId } = validateParams.parse(request.params);
    const answers = answersBody.parse(request.body ?? {});
    const site = requireSite(request);
    const form = await loadForm(database.db, site.id, formId);
    if (!form) throw new AppError('FORM_NOT_CONFIGURED');
    const errors = validateFormAnswers(form, answers);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fields: errors });
    return { valid: true };
  });

  registerOwnerFormRoutes(app, { database });
}
