/**
 * GET /api/vitrine/pay-later/modal/{locale}/{theme} → the information popup's HTML fragment
 * (docs/behaviour/pay-later.md#the-information-popup). The
 * browser asks only its own origin (the CSP's connect-src); this route asks the provider, or
 * serves the local copy. An unknown locale, a missing copy or a provider failure is 404, and the
 * browser then falls back to en_US/white.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import {
  LOCAL_MODAL_PATH,
  MODAL_THEMES,
  PROVIDER_LOCALE_PATTERN,
} from '../../../shared/pay-later/index.ts';
import { modalContent, type ContentSource } from './content.ts';

const params = z.object({
  locale: z.string().regex(PROVIDER_LOCALE_PATTERN, 'is not a locale such as en_US'),
  theme: z.enum(MODAL_THEMES),
});

/** The popup changes rarely; browsers and shared caches may keep it for an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

export function registerPayLaterRoutes(app: FastifyInstance, source: ContentSource): void {
  app.get(`${LOCAL_MODAL_PATH}/:locale/:theme`, async (request, reply) => {
    const { locale, theme } = params.parse(request.params);
    let html: string | undefined;
    try {
      html = await modalContent(source, locale, theme);
    } catch (error) {
      request.log.warn({ err: error, locale, theme }, 'pay-later content could not be fetched');
    }
    if (html === undefined) throw new AppError('NOT_FOUND');
    return reply.header('cache-control', CACHE_CONTROL).type('text/html; charset=utf-8').send(html);
  });
}
