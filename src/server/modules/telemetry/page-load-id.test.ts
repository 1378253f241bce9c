import { describe, expect, it } from 'vitest';
import { isIssuedPageLoadId, issuePageLoadId } from './page-load-id.ts';

const secret = 'a-secret-that-is-long-enough-for-tests';

describe('page-load ids', () => {
  it('are unique and verify under the secret that issued them', () => {
    const first = issuePageLoadId(secret);
    expect(first).not.toBe(issuePageLoadId(secret));
    expect(isIssuedPageLoadId(secret, first)).toBe(true);
    expect(isIssuedPageLoadId('another-secret-that-is-long-enough', first)).toBe(false);
  });

  it('refuse forged or malformed ids', () => {
    const issued = issuePageLoadId(secret);
    expect(isIssuedPageLoadId(secret, `${issued.slice(0, -1)}x`)).toBe(false);
    expect(isIssuedPageLoadId(secret, 'no-dot')).toBe(false);
    expect(isIssuedPageLoadId(secret, '.abc')).toBe(false);
  });
});
