import { describe, expect, it } from 'vitest';
import { restockSignupPayload } from './payload.ts';

const base = {
  productId: 'linen-shirt',
  variantId: 'linen-shirt-l-sand',
  siteVisitorEmail: 'a@b.co',
};

describe('restockSignupPayload', () => {
  it('reads the spec payload, the opt-in defaulting to false', () => {
    expect(restockSignupPayload.parse(base)).toEqual({ ...base, isJoinMailingList: false });
    expect(
      restockSignupPayload.parse({ ...base, isJoinMailingList: true, captchaToken: 't' }),
    ).toMatchObject({
      isJoinMailingList: true,
      captchaToken: 't',
    });
  });

  it("reads a form post's checkbox strings", () => {
    expect(restockSignupPayload.parse({ ...base, isJoinMailingList: 'on' }).isJoinMailingList).toBe(
      true,
    );
    expect(
      restockSignupPayload.parse({ ...base, isJoinMailingList: 'true' }).isJoinMailingList,
    ).toBe(true);
    expect(restockSignupPayload.parse({ ...base, isJoinMailingList: '' }).isJoinMailingList).toBe(
      false,
    );
  });

  it.each([
    [{ productId: undefined }],
    [{ variantId: 42 }],
    [{ productId: '../etc' }],
    [{ isJoinMailingList: 'yes' }],
    [{ isJoinMailingList: 1 }],
    [{ siteVisitorEmail: ['a@b.co'] }],
    [{ captchaToken: 'x'.repeat(9000) }],
  ])('refuses %o', (change) => {
    expect(restockSignupPayload.safeParse({ ...base, ...change }).success).toBe(false);
  });
});
