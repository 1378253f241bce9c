import { describe, expect, it } from 'vitest';
import { modalUrl, modalUrls } from './modal-url.ts';

describe('popup content URLs', () => {
  it('asks by locale and theme, then falls back to en_US white', () => {
    expect(modalUrls('fr_CA', 'black')).toEqual([
      '/api/vitrine/pay-later/modal/fr_CA/black',
      '/api/vitrine/pay-later/modal/en_US/white',
    ]);
  });

  it('does not ask twice for en_US white', () => {
    expect(modalUrls('en_US', 'white')).toEqual(['/api/vitrine/pay-later/modal/en_US/white']);
  });

  it('takes another base', () => {
    expect(modalUrl('en_AU', 'white', '/pay-later')).toBe('/pay-later/en_AU/white');
  });
});
