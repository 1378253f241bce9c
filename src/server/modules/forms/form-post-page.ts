/**
 * The page a plain form post (form-post-routes.ts) answers with: the page the form sits on, as
 * this visitor may see it, with the form's block showing the outcome of the post.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageFormOutcome, PageFormProps } from '../../../shared/forms/page-form-view.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { visitorOf, type PageRouteDeps } from '../../render/page-routes.ts';
import { isUnlocked, siteProtection } from '../content/index.ts';
import { registerFormPostRoutes, type PostedFormPage } from './form-post-routes.ts';

interface PageWithForms {
  readonly id: string;
  readonly title: string;
  readonly fullUrl: string;
  readonly formBlocks?: readonly PageFormProps[];
}

/** The page's context with one form block showing the outcome of its plain post. */
export function withFormOutcome(
  context: Record<string, unknown>,
  formId: string,
  outcome: PageFormOutcome,
): Record<string, unknown> {
  const page = context.page as { formBlocks?: readonly PageFormProps[] } | undefined;
  if (!page?.formBlocks) return context;
  return {
    ...context,
    page: {
      ...page,
      formBlocks: page.formBlocks.map((block) =>
        block.formId === formId ? { ...block, outcome } : block,
      ),
    },
  };
}

export function registerFormPostPage(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, pages, resolvePage } = deps;

  /**
   * The page a form was posted from, as this visitor may see it: never behind its own lock or
   * the site's (a locked site takes no posts until this visitor unlocked it).
   */
  async function postedFormPage(
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    path: string,
  ): Promise<PostedFormPage | undefined> {
    const visitor = visitorOf(request);
    const siteLock = siteProtection(site);
    if (siteLock && !(await isUnlocked(database.db, visitor, siteLock))) return undefined;
    const resolved = await resolvePage(site, path, visitor);
    if (resolved?.template !== 'page') return undefined;
    const page = resolved.context.page as PageWithForms;
    return {
      id: page.id,
      title: page.title,
      path: page.fullUrl,
      formBlocks: page.formBlocks ?? [],
      show: (formId, outcome, status) =>
        pages.render(request, reply, site, {
          ...resolved,
          status,
          context: withFormOutcome(resolved.context, formId, outcome),
        }),
    };
  }

  registerFormPostRoutes(app, {
    database,
    secret: deps.secret,
    submitter: app.pageFormSubmitter,
    findPage: postedFormPage,
  });
}
