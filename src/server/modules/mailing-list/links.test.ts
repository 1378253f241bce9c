import { describe, expect, it } from 'vitest';
import {
  confirmUrl,
  readUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
  UNSUBSCRIBE_PAGE_PATH,
} from './links.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hmac';
const ID = '0b7c6a3e-2f51-4c1e-9d38-5e0f4a9b2c11';

describe('newsletter links', () => {
  it('reads back a genuine unsubscribe token and refuses forged or altered ones', () => {
    const token = unsubscribeToken(SECRET, ID);
    expect(readUnsubscribeToken(SECRET, token)).toBe(ID);
    expect(readUnsubscribeToken('another-secret-that-is-long-enough!!', token)).toBeUndefined();
    expect(readUnsubscribeToken(SECRET, `${ID}.AAAA`)).toBeUndefined();
    expect(readUnsubscribeToken(SECRET, token.replace(ID, ID.replace('0b', '1b')))).toBeUndefined();
    expect(readUnsubscribeToken(SECRET, 'nodot')).toBeUndefined();
  });

  it('points unsubscribe links at the newsletter-unsubscribe page and confirm links at the confirm route', () => {
    expect(UNSUBSCRIBE_PAGE_PATH).toBe('/newsletter/unsubscribe');
    expect(unsubscribeUrl('https://shop.example.com', SECRET, ID)).toMatch(
      /^https:\/\/shop\.example\.com\/newsletter\/unsubscribe\?token=0b7c6a3e-2f51-4c1e-9d38-5e0f4a9b2c11\.[A-Za-z0-9_-]+$/,
    );
    expect(confirmUrl('https://shop.example.com', 'a b')).toBe(
      'https://shop.example.com/api/vitrine/newsletter/confirm?token=a%20b',
    );
  });
});
