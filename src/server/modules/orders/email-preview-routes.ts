/**
 * GET /config/emails/:kind/preview: a store email rendered with sample data of the site, for
 * owners who may read orders ('orders:read'). The page answers 401 without an owner login, 403
 * for a role without the action, 404 for a kind the store does not send; every answer is
 * `no-store` (it is a logged-in tool). `?part=html` answers the email's HTML part alone, under
 * a policy that lets its inline styles apply and nothing else (no scripts, no requests).
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../../shared/html/escape-html.ts';
import { roleAllows } from '../../../shared/roles.ts';
import { schema, type Database } from '../../db/index.ts';
import { emailPreviewPage } from './email-preview-page.ts';
import {
  isEmailPreviewKind,
  sampleEmail,
  STAND_IN_PRODUCT,
  type SampleProduct,
} from './email-samples.ts';

const { products, variants } = schema;

/** The HTML part may style itself inline; it may load, run and submit nothing. */
export const EMAIL_PART_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox";

const previewQuery = z.strictObject({ part: z.enum(['html']).optional() });

export interface EmailPreviewDeps {
  readonly database: Database;
  /** The dashboard's stylesheets, so the preview is framed in the dashboard's look. */
  readonly stylesheetUrls: readonly string[];
  publicOrigin(request: { protocol: string; host: string }): string;
}

/** The site's first published product with a price, as the sample order's line. */
async function sampleProduct(database: Database, siteId: string): Promise<SampleProduct> {
  const [row] = await database.db
    .select({
      title: products.title,
      fullUrl: products.fullUrl,
      attributes: variants.attributes,
      price: variants.price,
    })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(
      and(eq(products.siteId, siteId), eq(products.status, 'published'), gt(variants.price, 0)),
    )
    .orderBy(asc(products.fullUrl), asc(variants.position))
    .limit(1);
  return row
    ? {
        title: row.title,
        fullUrl: row.fullUrl,
        attributes: row.attributes,
        unitPriceCents: row.price,
      }
    : STAND_IN_PRODUCT;
}

function refusal(reply: FastifyReply, status: number, heading: string, message: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>` +
        `<body data-page-type="${status === 404 ? 100 : 101}"><main><h1>${escapeHtml(heading)}</h1>` +
        `<p>${escapeHtml(message)}</p><p><a href="/config">Go to the dashboard</a></p></main></body></html>`,
    );
}

export function registerEmailPreviewRoutes(app: FastifyInstance, deps: EmailPreviewDeps): void {
  app.get<{ Params: { kind: string } }>(
    '/config/emails/:kind/preview',
    {
      config: { site: 'optional' },
      // Route hooks run after the app's: the HTML part keeps its own policy on every site.
      onSend: async (request, reply) => {
        void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        if (reply.statusCode === 200 && (request.query as { part?: string }).part === 'html')
          void reply.header('content-security-policy', EMAIL_PART_CSP);
      },
    },
    async (request, reply) => {
      const { owner } = request;
      if (!owner)
        return refusal(reply, 401, 'Log in first', 'Log in to the dashboard to preview emails.');
      if (!roleAllows(owner.role, 'orders:read'))
        return refusal(reply, 403, 'Not allowed', 'Your website role does not allow this action.');
      const query = previewQuery.safeParse(request.query ?? {});
      const { kind } = request.params;
      const site = request.siteIfAny;
      if (!query.success || !isEmailPreviewKind(kind) || !site || site.id !== owner.siteId)
        return refusal(reply, 404, 'No such email', 'The store sends no email of this kind.');
      const product = await sampleProduct(deps.database, site.id);
      const email = sampleEmail(kind, site, product, deps.publicOrigin(request));
      const html =
        query.data.part === 'html'
          ? (email.html ?? '')
          : emailPreviewPage(kind, email, deps.stylesheetUrls);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
}
