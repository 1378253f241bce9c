/**
 * One way to store a page form's answers, used by POST /api/form/SaveFormSubmission (the island)
 * and POST /forms/submit (the plain form without JavaScript): saveFormSubmission's recipe, then,
 * for a newsletter form, the email joins the form's mailing list. Any failure that is not a
 * client error becomes the spec's 500 message, logged with the request id, its details never
 * sent.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { connectionForForm } from '../../../shared/forms/index.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { toAppError } from '../../http/error-handler.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import type { Mailer } from '../mail/index.ts';
import { subscribe } from '../mailing-list/index.ts';
import { loadFormSiteSettings } from './form-queries.ts';
import {
  saveFormSubmission,
  type SaveFormBody,
  type SavedSubmission,
  type SaveSubmissionConfig,
} from './save-submission.ts';

export interface FormSubmitterDeps {
  readonly database: Database;
  readonly saveConfig: SaveSubmissionConfig;
  readonly mailer: Mailer;
  /** Origin of links inside emails (services.ts). */
  readonly publicOrigin: PublicOrigin;
}

export interface FormSubmitter {
  save(request: FastifyRequest, site: CurrentSite, body: SaveFormBody): Promise<SavedSubmission>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The page forms' submitter, for the plain form post registered among the page routes. */
    pageFormSubmitter: FormSubmitter;
  }
}

export function createFormSubmitter(deps: FormSubmitterDeps): FormSubmitter {
  const { database } = deps;

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
        origin: deps.publicOrigin(request),
        secret: deps.saveConfig.secret,
        mailer: deps.mailer,
      });
    } catch (error) {
      request.log.error(
        { err: error, submissionId: saved.submissionId },
        'newsletter sign-up failed after a stored submission',
      );
    }
  }

  return {
    async save(request, site, body) {
      try {
        const saved = await saveFormSubmission(database, deps.saveConfig, {
          siteId: site.id,
          sessionId: request.session.id,
          ip: request.ip,
          body,
        });
        await joinMailingList(request, site, saved);
        return saved;
      } catch (error) {
        if (toAppError(error)) throw error;
        request.log.error({ err: error }, 'form submission failed');
        throw new AppError('FORM_SUBMIT_FAILED');
      }
    },
  };
}
