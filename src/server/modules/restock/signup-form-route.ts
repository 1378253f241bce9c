/**
 * POST /commerce/restock-signup: the restock form without JavaScript (src/shared/restock/
 * form-post.ts). The same sign-up as the JSON route (signup.ts), read from a form post with the
 * hidden `crumb` field (checked by the global CSRF hook). A sign-up goes back to the product
 * page with a 303, at the success message; a refusal (a blank or invalid email, a missing
 * captcha, a variant back in stock, a stale crumb, too many tries) answers its status with a
 * small page showing the message and a link back to the form.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import {
  RESTOCK_FORM_PATH,
  restockFormUrl,
  restockSignedUpUrl,
} from '../../../shared/restock/form-post.ts';
import { restockSignupPayload } from '../../../shared/restock/index.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import {
  clientError,
  refusalErrorHandler,
  sendRefusal,
  type RefusalLink,
} from '../../http/form-refusal.ts';
import { isPublishedAt } from '../content/index.ts';
import { captchaConfig } from '../forms/index.ts';
import { signUpForRestock } from './signup.ts';
import {
  RESTOCK_SIGNUP_RATE_LIMIT,
  signUpContext,
  type RestockRouteDeps,
} from './signup-routes.ts';
import type { Mailer } from '../mail/index.ts';
import { findRestockVariant } from './variant-lookup.ts';

/** Where a refusal links back to when the product cannot be named: the home page. */
const HOME = '/';

/** The product page of the posted product, when it is the site's and published. */
async function productUrl(
  database: Database,
  site: CurrentSite | undefined,
  body: unknown,
): Promise<string> {
  if (!site || typeof body !== 'object' || body === null) return HOME;
  const { productId, variantId } = body as { productId?: unknown; variantId?: unknown };
  if (typeof productId !== 'string' || typeof variantId !== 'string') return HOME;
  const parsed = restockSignupPayload.safeParse({ productId, variantId });
  if (!parsed.success) return HOME;
  const lookup = await findRestockVariant(database.db, site.id, productId, variantId);
  if (!lookup.found) return HOME;
  const { variant } = lookup;
  const visible = isPublishedAt(
    { status: variant.productStatus, publishOn: variant.productPublishOn },
    new Date(),
  );
  return visible ? variant.fullUrl : HOME;
}

/** The page that posted, when it is on this site (a refusal before the handler links back to it). */
function refererPath(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return HOME;
  try {
    const url = new URL(referer);
    return url.host === request.host ? url.pathname : HOME;
  } catch {
    return HOME;
  }
}

/** The refusal page's link: back to the form, or home when the product cannot be named. */
function backTo(path: string): RefusalLink {
  return { href: path === HOME ? HOME : restockFormUrl(path), label: 'Back to the product' };
}

/** Refusals before the handler runs: a stale crumb, a body that is not a form, the rate limit. */
const formErrorPage = refusalErrorHandler((request) => backTo(refererPath(request)));

type WithMailer = RestockRouteDeps & { readonly mailer: Mailer };

export function registerRestockSignupFormRoute(app: FastifyInstance, deps: WithMailer): void {
  const captcha = captchaConfig(deps.config);
  // 'optional': without a site the shopper still gets the refusal page, not a bare 404.
  const options = {
    config: { rateLimit: RESTOCK_SIGNUP_RATE_LIMIT, site: 'optional' },
    errorHandler: formErrorPage,
  } as const;

  app.post(RESTOCK_FORM_PATH, options, async (request, reply) => {
    const site = request.siteIfAny;
    const back = await productUrl(deps.database, site, request.body);
    try {
      if (!site) throw new AppError('NOT_FOUND');
      const payload = restockSignupPayload.parse(request.body ?? {});
      await signUpForRestock(signUpContext(deps, captcha, request, site), payload);
    } catch (error) {
      return sendRefusal(reply, clientError(error), backTo(back));
    }
    return reply.redirect(back === HOME ? HOME : restockSignedUpUrl(back), 303);
  });
}
