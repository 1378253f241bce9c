import { describe, expect, it } from 'vitest';
import { failureMessage, failureTitle, missingSessionMessage } from './add-failure.ts';

describe('purchase failures', () => {
  it('title the alert by what was bought', () => {
    expect(failureTitle('cart')).toBe('Unable to Add Item');
    expect(failureTitle('express')).toBe('Unable to Purchase Item');
    expect(failureTitle('gift-card')).toBe('Unable to purchase Gift Card');
  });

  it("show the server's message, 429 as a request to wait", () => {
    expect(failureMessage(409, { error: { code: 'INSUFFICIENT_STOCK', message: 'Sorry.' } })).toBe(
      'Sorry.',
    );
    expect(failureMessage(400, { data: { message: 'From data.' } })).toBe('From data.');
    expect(failureMessage(429, { error: { message: 'anything' } })).toBe(
      'Please try again in a few seconds.',
    );
    expect(failureMessage(0, undefined)).toBe('Something went wrong');
  });

  it('word a missing session by whether cookies are on', () => {
    expect(missingSessionMessage(true)).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(missingSessionMessage(false)).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
  });
});
