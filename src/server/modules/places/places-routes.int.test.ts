import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';

/** A local stand-in for the provider: records each request; /slow/* answers after 2 s; /broken/* 500s. */
interface Seen {
  path: string;
  query: URLSearchParams;
  context: string | undefined;
}

const seen: Seen[] = [];
let provider: Server;
let base: string;

function answer(request: IncomingMessage): { status: number; body: string; delayMs: number } {
  const url = new URL(request.url ?? '/', 'http://provider');
  if (url.pathname.startsWith('/broken/')) return { status: 500, body: 'oops', delayMs: 0 };
  if (url.pathname.startsWith('/html/')) return { status: 200, body: '<html>', delayMs: 0 };
  const delayMs = url.pathname.startsWith('/slow/') ? 2000 : 0;
  if (url.pathname.endsWith('/autocomplete/json')) {
    return {
      status: 200,
      body: JSON.stringify({
        status: 'OK',
        predictions: [{ description: '1 Main St', place_id: 'place-1' }],
      }),
      delayMs,
    };
  }
  if (url.pathname.endsWith('/details/json')) {
    return {
      status: 200,
      body: JSON.stringify({
        status: 'OK',
        result: { place_id: url.searchParams.get('place_id') },
      }),
      delayMs,
    };
  }
  return { status: 404, body: '{}', delayMs };
}

beforeAll(async () => {
  provider = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider');
    const header = request.headers['x-tracking-context'];
    seen.push({
      path: url.pathname,
      query: url.searchParams,
      context: typeof header === 'string' ? header : undefined,
    });
    const { status, body, delayMs } = answer(request);
    const timer = setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    }, delayMs);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  return createTestApp({ importDemo: false, env });
}

describe('places proxy without a key', () => {
  it('answers 503 with a message the address field can show', async () => {
    const harness = await appWith({});
    try {
      for (const url of [
        '/api/google-maps/places/autocomplete?input=main',
        '/api/google-maps/places/details?placeId=p1',
      ]) {
        const response = await harness.app.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          error: {
            code: 'PLACES_NOT_CONFIGURED',
            message: 'Address suggestions are not available on this site.',
          },
        });
      }
      expect(seen).toHaveLength(0);
    } finally {
      await harness.close();
    }
  });
});

describe('places proxy with a key', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await appWith({
      PLACES_API_KEY: 'secret-key',
      PLACES_API_BASE_URL: `${base}/maps/api/place/`,
      PLACES_TIMEOUT_MS: '300',
    });
  });
  afterAll(() => harness.close());

  it('autocomplete: forwards the query with the key and the tracking context, answers the provider JSON', async () => {
    seen.length = 0;
    const context = { productPage: true, productSection: 'checkout' };
    const response = await harness.app.inject({
      url: '/api/google-maps/places/autocomplete',
      query: {
        input: '1 Main',
        sessionToken: 'tok-1',
        language: 'en',
        trackingContext: JSON.stringify(context),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'OK',
      predictions: [{ description: '1 Main St', place_id: 'place-1' }],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({
      input: '1 Main',
      sessiontoken: 'tok-1',
      language: 'en',
      key: 'secret-key',
    });
    expect(JSON.parse(seen[0]?.context ?? 'null')).toEqual(context);
  });

  it('details: forwards place_id; a context without productPage/productSection is still served', async () => {
    seen.length = 0;
    const response = await harness.app.inject({
      url: '/api/google-maps/places/details',
      query: { placeId: 'place-1', fields: 'address_component' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', result: { place_id: 'place-1' } });
    expect(seen[0]?.query.get('place_id')).toBe('place-1');
    expect(seen[0]?.context).toBeUndefined();
  });

  it('validates the query before calling the provider', async () => {
    seen.length = 0;
    for (const url of [
      '/api/google-maps/places/autocomplete',
      '/api/google-maps/places/autocomplete?input=',
      `/api/google-maps/places/autocomplete?input=${'x'.repeat(300)}`,
      '/api/google-maps/places/autocomplete?input=a&trackingContext=%7Bbad',
      '/api/google-maps/places/details',
      '/api/google-maps/places/details?placeId=has%20space',
    ]) {
      const response = await harness.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(seen).toHaveLength(0);
  });

  it('the browser never sees the key', async () => {
    const response = await harness.app.inject({
      url: '/api/google-maps/places/autocomplete?input=main',
    });
    expect(response.body).not.toContain('secret-key');
  });
});

describe('places provider failures', () => {
  it('a slow provider is cut off at PLACES_TIMEOUT_MS with a 504', async () => {
    const harness = await appWith({
      PLACES_API_KEY: 'k',
      PLACES_API_BASE_URL: `${base}/slow`,
      PLACES_TIMEOUT_MS: '200',
    });
    try {
      const started = Date.now();
      const response = await harness.app.inject({
        url: '/api/google-maps/places/autocomplete?input=main',
      });
      const elapsed = Date.now() - started;
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({
        error: {
          code: 'PLACES_TIMEOUT',
          message: 'Address suggestions took too long. Please try again.',
        },
      });
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1500);
    } finally {
      await harness.close();
    }
  });

  it('a provider error, a non-JSON answer or an unreachable provider is a 502', async () => {
    for (const baseUrl of [`${base}/broken`, `${base}/html`, 'http://127.0.0.1:1']) {
      const harness = await appWith({ PLACES_API_KEY: 'k', PLACES_API_BASE_URL: baseUrl });
      try {
        const response = await harness.app.inject({
          url: '/api/google-maps/places/details?placeId=p1',
        });
        expect(response.statusCode, baseUrl).toBe(502);
        expect(response.json()).toEqual({
          error: {
            code: 'PLACES_UPSTREAM_FAILED',
            message: 'Address suggestions are temporarily unavailable. Please try again.',
          },
        });
      } finally {
        await harness.close();
      }
    }
  });
});
