import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ERRORS } from '../../shared/errors.ts';
import { registerErrorHandling } from './error-handler.ts';

function app() {
  const instance = Fastify({ bodyLimit: 64 });
  registerErrorHandling(instance);
  instance.post('/api/echo', (request) => request.body);
  instance.get('/api/app-error', () => {
    throw new AppError('RATE_LIMITED');
  });
  instance.get('/api/zod', (request) =>
    z.object({ page: z.coerce.number().int() }).parse(request.query),
  );
  instance.get('/api/db-down', () => {
    throw new Error('Failed query', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
  });
  instance.get('/api/bug', () => {
    throw new Error('secret internal detail');
  });
  return instance;
}

describe('error handling', () => {
  it('answers an AppError with its catalog status and body', async () => {
    const response = await app().inject('/api/app-error');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
    });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_JSON');
  });

  it('answers an oversized body with 413', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(200) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown content type with 415', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('reports zod failures field by field', async () => {
    const response = await app().inject('/api/zod?page=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: ERRORS.VALIDATION_FAILED.message,
        fields: { page: expect.any(String) },
      },
    });
  });

  it('answers 503 with a clear message while the database is unreachable', async () => {
    const response = await app().inject('/api/db-down');
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The store is temporarily unavailable. Please try again in a moment.',
    });
  });

  it('hides unknown failures behind a generic 500', async () => {
    const response = await app().inject('/api/bug');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong' },
    });
    expect(response.body).not.toContain('secret internal detail');
  });

  it('answers unknown API paths with JSON and unknown pages with HTML', async () => {
    const api = await app().inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const page = await app().inject('/nothing-here');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-page-type="100"');
  });
});
