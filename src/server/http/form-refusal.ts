/**
 * The page a plain form post (JavaScript off) answers when it is refused: the error's status,
 * its message and a link back to where the shopper was, never JSON. One page for the cart
 * forms, the checkout form and the restock sign-up form.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../shared/errors.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import { toAppError } from './error-handler.ts';

/** Where the refusal page links back to, and the link's words. */
export interface RefusalLink {
  readonly href: string;
  readonly label: string;
}

export function refusalPage(message: string, back: RefusalLink): string {
  const text = escapeHtml(message);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head>` +
    `<body><main><p role="alert">${text}</p>` +
    `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></main></body></html>`
  );
}

/** The refusal page with the error's status; a refusal is the shopper's own, so never stored. */
export function sendRefusal(reply: FastifyReply, error: AppError, back: RefusalLink): FastifyReply {
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(refusalPage(error.message, back));
}

/** A client error (4xx) as the app's error; anything else is a real failure, thrown on (500). */
export function clientError(error: unknown): AppError {
  const appError = toAppError(error);
  if (!appError || appError.status >= 500) throw error;
  return appError;
}

/**
 * A form route's error handler, for refusals before its handler runs (a missing or stale crumb,
 * a body that is not a form, the rate limit): the refusal page linking back to `back(request)`.
 */
export function refusalErrorHandler(
  back: (request: FastifyRequest) => RefusalLink,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (error, request, reply) => sendRefusal(reply, clientError(error), back(request));
}
