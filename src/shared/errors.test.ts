import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, ERRORS, isErrorCode } from './errors.ts';

describe('error catalog', () => {
  it('gives every code a client or server status and a message', () => {
    for (const [code, definition] of Object.entries(ERRORS)) {
      expect(definition.status, code).toBeGreaterThanOrEqual(400);
      expect(definition.status, code).toBeLessThan(600);
      expect(definition.message.length, code).toBeGreaterThan(0);
    }
  });

  it('keeps the spec wording for the messages the spec fixes', () => {
    expect(ERRORS.RATE_LIMITED.message).toBe('Please try again in a few seconds.');
    expect(ERRORS.SESSION_EXPIRED.message).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(ERRORS.COOKIES_DISABLED.message).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
    expect(ERRORS.VALIDATION_FAILED.message).toBe(
      'One or more fields is invalid, please check your entries.',
    );
  });

  it('is documented in docs/errors.md row by row', () => {
    const catalog = readFileSync(path.resolve(import.meta.dirname, '../../docs/errors.md'), 'utf8');
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      expect(catalog, code).toContain(`| \`${code}\` | ${status} | ${message} |`);
    }
  });

  it('builds the response body, with field errors when given', () => {
    expect(new AppError('NOT_FOUND').toBody()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found.' },
    });
    const error = new AppError('VALIDATION_FAILED', { fields: { email: 'Email is invalid' } });
    expect(error.status).toBe(400);
    expect(error.toBody().error.fields).toEqual({ email: 'Email is invalid' });
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});
