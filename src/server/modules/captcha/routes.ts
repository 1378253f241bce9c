/**
 * GET /api/vitrine/captcha/challenge: a fresh ALTCHA challenge for the widget, when the site's
 * captcha is on with the ALTCHA provider (404 otherwise). Never cached.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { readFormSiteSettings, siteCaptcha } from '../../../shared/forms/index.ts';
import { getSiteSettings, type Database } from '../../db/index.ts';
import { createAltchaChallenge, pruneExpiredSolutions } from './altcha.ts';
import type { CaptchaConfig } from './verify.ts';

export interface CaptchaRouteDeps {
  readonly database: Database;
  readonly captcha: CaptchaConfig;
}

/** Challenges per client IP per minute: enough for a visitor retrying, not for a farm. */
export const CHALLENGE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

export function registerCaptchaRoutes(app: FastifyInstance, deps: CaptchaRouteDeps): void {
  let issued = 0;
  app.get(
    '/api/vitrine/captcha/challenge',
    { config: { rateLimit: CHALLENGE_RATE_LIMIT, site: 'required' } },
    async (request, reply) => {
      const { site } = request;
      const settings = readFormSiteSettings(await getSiteSettings(deps.database.db, site.id));
      const captcha = siteCaptcha(settings);
      if (!captcha.on || captcha.provider !== 'altcha') throw new AppError('NOT_FOUND');
      // Expired signatures are forgotten now and then, off the request's critical path.
      if (++issued % 100 === 0) {
        void pruneExpiredSolutions(deps.database.db).catch((error: unknown) =>
          request.log.warn({ err: error }, 'pruning captcha solutions failed'),
        );
      }
      void reply.header('cache-control', 'no-store');
      return createAltchaChallenge({
        hmacKey: deps.captcha.altchaHmacKey,
        maxNumber: deps.captcha.altchaMaxNumber,
      });
    },
  );
}
