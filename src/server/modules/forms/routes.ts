/**
 * Page-form routes (platform.md §7, storefront.md §7):
 * - GET  /api/template/GetTemplateSchema?type=form  the form block's schema;
 * - POST /api/form/FormSubmissionKey                 { key } (single use, expires, this session's);
 * - POST /api/form/SaveFormSubmission                store answers (see save-submission.ts);
 * - POST /api/rest/forms/validate/:formId            extra-field form answers: 200, or 400 by field id;
 * plus the owner's submissions listing and CSV export (owner-routes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import {
  connectionForForm,
  formBlockSchema,
  validateFormAnswers,
} from '../../../shared/forms/index.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite, SiteResolver } from '../../http/current-site.ts';
import { toAppError } from '../../http/error-handler.ts';
import { altchaHmacKey } from '../captcha/altcha.ts';
import type { CaptchaConfig } from '../captcha/verify.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { subscribe } from '../mailing-list/subscribe.ts';
import { loadForm, loadFormSiteSettings } from './form-queries.ts';
import { registerOwnerFormRoutes } from './owner-routes.ts';
import { DEFAULT_FORM_RATE_LIMITS, type FormRateLimits } from './rate-limit.ts';
import { saveFormBody, saveFormSubmission, type SavedSubmission } from './save-submission.ts';
import { issueSubmissionKey } from './submission-key.ts';

export interface FormRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly config: Config;
  readonly rateLimits?: FormRateLimits;
  /** The mail module's mailer; by default one on SMTP_URL (outbox only without it). */
  readonly mailer?: Mailer;
}

/** The captcha settings of the process, from config. */
export function captchaConfig(config: Config): CaptchaConfig {
  return {
    altchaHmacKey: altchaHmacKey(config.sessionSecret),
    altchaMaxNumber: config.forms.altchaMaxNumber,
    recaptchaSecret: config.forms.recaptchaSecret,
    recaptchaVerifyUrl: config.forms.recaptchaVerifyUrl,
  };
}

const schemaQuery = z.object({ type: z.enum(['form']) });
const validateParams = z.object({ formId: z.string().min(1).max(64) });
const answersBody = z.record(z.string(), z.unknown());

/** Keys per client IP per minute: each submit asks for one. */
const KEY_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

async function requireSite(sites: SiteResolver): Promise<CurrentSite> {
  const site = await sites.current();
  if (!site) throw new AppError('FORM_NOT_CONFIGURED');
  return site;
}

export function registerFormRoutes(app: FastifyInstance, deps: FormRouteDeps): void {
  const { database, config } = deps;
  const saveConfig = {
    secret: config.sessionSecret,
    captcha: captchaConfig(config),
    rateLimits: deps.rateLimits ?? DEFAULT_FORM_RATE_LIMITS,
  };
  const mailer = deps.mailer ?? createMailer({ database, smtpUrl: config.smtpUrl });
  app.addHook('onClose', () => mailer.idle());

  app.get('/api/template/GetTemplateSchema', async (request) => {
    schemaQuery.parse(request.query);
    const site = await requireSite(deps.sites);
    const settings = await loadFormSiteSettings(database.db, site.id);
    return formBlockSchema({ textareaMaxLength: settings.formTextareaMaxLength });
  });

  app.post(
    '/api/form/FormSubmissionKey',
    { config: { rateLimit: KEY_RATE_LIMIT } },
    async (request, reply) => {
      const site = await requireSite(deps.sites);
      const key = await issueSubmissionKey(database.db, {
        secret: config.sessionSecret,
        sessionId: request.session.id,
        siteId: site.id,
      });
      void reply.header('cache-control', 'no-store');
      return { key };
    },
  );

  app.post('/api/form/SaveFormSubmission', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      const body = saveFormBody.parse(request.body);
      const site = await requireSite(deps.sites);
      const saved = await saveFormSubmission(database, saveConfig, {
        siteId: site.id,
        sessionId: request.session.id,
        ip: request.ip,
        body,
      });
      await joinMailingList(request, site, saved);
      return { success: true, submissionId: saved.submissionId };
    } catch (error) {
      // Client errors keep their status and message; anything else is the spec's 500 message,
      // logged with the request id, its details never sent.
      if (toAppError(error)) throw error;
      request.log.error({ err: error }, 'form submission failed');
      throw new AppError('FORM_SUBMIT_FAILED');
    }
  });

  /**
   * After the submission is stored: a newsletter form adds its email to the list. A failure
   * here is logged, never reported to the visitor: the answers are already safe.
   */
  async function joinMailingList(
    request: FastifyRequest,
    site: CurrentSite,
    saved: SavedSubmission,
  ): Promise<void> {
    try {
      const settings = await loadFormSiteSettings(database.db, site.id);
      const connection = connectionForForm(settings, saved.form.id);
      if (!connection) return;
      const emailField = saved.form.fields.find((field) => field.type === 'email');
      const email = emailField === undefined ? undefined : saved.answers[emailField.id];
      if (typeof email !== 'string' || email.trim() === '') return;
      await subscribe(database, {
        siteId: site.id,
        siteTitle: site.title,
        connection,
        email,
        source: 'form',
        formId: saved.form.id,
        origin: config.forms.publicUrl ?? `${request.protocol}://${request.host}`,
        secret: config.sessionSecret,
        mailer,
      });
    } catch (error) {
      request.log.error(
        { err: error, submissionId: saved.submissionId },
        'newsletter sign-up failed after a stored submission',
      );
    }
  }

  app.post('/api/rest/forms/validate/:formId', async (request) => {
    const { formId } = validateParams.parse(request.params);
    const answers = answersBody.parse(request.body ?? {});
    const site = await requireSite(deps.sites);
    const form = await loadForm(database.db, site.id, formId);
    if (!form) throw new AppError('FORM_NOT_CONFIGURED');
    const errors = validateFormAnswers(form, answers);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fields: errors });
    return { valid: true };
  });

  registerOwnerFormRoutes(app, { database, sites: deps.sites });
}
