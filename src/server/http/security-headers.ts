/**
 * Security headers on every response. The Content-Security-Policy allows scripts only from our
 * own origin: pages carry no inline script (the client code is linked by src, page-scripts.ts),
 * no inline styles or event-handler attributes, and island props and the page context travel
 * as inert JSON in data attributes. The site-pages integration test checks the rendered pages
 * against these rules, so a template that breaks them fails there rather than in a browser.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No inline event handlers (onclick=…) either: islands attach their handlers in code.
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // Same-origin embedding is allowed: the builder previews sites inside a design frame.
    frameguard: { action: 'sameorigin' },
  });
}
