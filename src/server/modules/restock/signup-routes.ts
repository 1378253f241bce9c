/**
 * POST /api/vitrine/restock/signups (docs/behaviour/restock.md#restock-calls; the path is Vitrine's own): the restock form's
 * payload { isJoinMailingList, productId, siteVisitorEmail, variantId, captchaToken? } → 200
 * { data: { signedUp: true, isJoinMailingList } }, alike for a new sign-up and a repeat (no
 * telling whether an address was already waiting); errors carry data.message. A state change like any other: the crumb goes in X-CSRF-Token (or a `crumb`
 * field of a form post). Rate limited per IP: it stores visitors' addresses.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { restockSignupPayload, type RestockSignupResponse } from '../../../shared/restock/index.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite, SiteResolver } from '../../http/current-site.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import type { CaptchaConfig } from '../captcha/index.ts';
import { captchaConfig } from '../forms/index.ts';
import type { Mailer } from '../mail/index.ts';
import { restockErrorHandler } from './error-shape.ts';
import { signUpForRestock, type SignUpContext } from './signup.ts';
import { RESTOCK_SIGNUP_API_PATH } from '../../../shared/restock/form-post.ts';

/** Sign-ups per client IP per minute. */
export const RESTOCK_SIGNUP_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;

export interface RestockRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly config: Config;
  /** The process's mailer and link origin (services.ts). */
  readonly mailer: Mailer;
  readonly publicOrigin: PublicOrigin;
}

/** What a sign-up from this request runs with: the process's services, the request's address. */
export function signUpContext(
  deps: RestockRouteDeps,
  captcha: CaptchaConfig,
  request: FastifyRequest,
  site: CurrentSite,
): SignUpContext {
  return {
    database: deps.database,
    site,
    captcha,
    remoteIp: request.ip,
    origin: deps.publicOrigin(request),
    secret: deps.config.sessionSecret,
    mailer: deps.mailer,
  };
}

export function registerRestockSignupRoutes(app: FastifyInstance, deps: RestockRouteDeps): void {
  const captcha = captchaConfig(deps.config);
  app.post(
    RESTOCK_SIGNUP_API_PATH,
    {
      config: { rateLimit: RESTOCK_SIGNUP_RATE_LIMIT, site: 'required' },
      errorHandler: restockErrorHandler,
    },
    async (request, reply): Promise<RestockSignupResponse> => {
      const payload = restockSignupPayload.parse(request.body ?? {});
      const { site } = request;
      const outcome = await signUpForRestock(signUpContext(deps, captcha, request, site), payload);
      void reply.header('cache-control', 'no-store');
      return { data: { signedUp: true, isJoinMailingList: outcome.isJoinMailingList } };
    },
  );
}
