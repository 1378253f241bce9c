import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerErrorHandling } from '../../http/error-handler.ts';
import type { ContentSource } from './content.ts';
import { upstreamUrl } from './content.ts';
import { registerPayLaterRoutes } from './routes.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(source: ContentSource): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerPayLaterRoutes(app, source);
  await app.ready();
  return app;
}

describe('GET /api/vitrine/pay-later/modal/{locale}/{theme}', () => {
  it('serves the local en_US white copy when no provider URL is configured (offline demo)', async () => {
    const server = await serve({ contentUrl: undefined });
    const response = await server.inject('/api/vitrine/pay-later/modal/en_US/white');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain('<section class="pay-later-modal');
    expect(response.body).not.toMatch(/<script|style=|\son\w+=/i);
  });

  it('answers 404 for a copy it does not have, so the browser falls back to en_US white', async () => {
    const server = await serve({ contentUrl: undefined });
    const response = await server.inject('/api/vitrine/pay-later/modal/fr_CA/black');
    expect(response.statusCode).toBe(404);
  });

  it('refuses locales and themes that are not of the provider shape', async () => {
    const server = await serve({ contentUrl: undefined });
    for (const url of ['../../etc/passwd/white', 'en_US/mint', 'EN_us/white', 'en-US/white']) {
      const response = await server.inject(`/api/vitrine/pay-later/modal/${url}`);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('pay-later-modal');
    }
  });

  it('asks the configured provider URL by locale and theme', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('<p>Bonjour</p>', { status: 200 }));
    const server = await serve({
      contentUrl: 'https://provider.example/modal/{locale}/{theme}.html',
      fetch: fetchImpl,
    });
    const response = await server.inject('/api/vitrine/pay-later/modal/fr_CA/black');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>Bonjour</p>');
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('https://provider.example/modal/fr_CA/black.html');
  });

  it('answers 404 when the provider fails or cannot be reached', async () => {
    const failing = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 500 }));
    const server = await serve({ contentUrl: 'https://p.example/{locale}', fetch: failing });
    expect((await server.inject('/api/vitrine/pay-later/modal/en_US/white')).statusCode).toBe(404);
    await app?.close();
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'));
    const again = await serve({ contentUrl: 'https://p.example/{locale}', fetch: offline });
    expect((await again.inject('/api/vitrine/pay-later/modal/en_US/white')).statusCode).toBe(404);
  });

  it('fills the URL template', () => {
    expect(upstreamUrl('https://x/{locale}-{theme}', 'en_AU', 'white')).toBe(
      'https://x/en_AU-white',
    );
  });
});
