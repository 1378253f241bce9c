import { describe, expect, it } from 'vitest';
import { restockNotice, restockNoticeReference } from './notice-email.ts';

describe('restockNotice', () => {
  it('names the product, the variant and the link', () => {
    const notice = restockNotice({
      siteTitle: 'Vitrine Demo Store',
      productName: 'Linen Shirt',
      attributes: { Size: 'L', Colour: 'Sand' },
      productUrl: 'https://shop.example/shop/p/linen-shirt',
    });
    expect(notice.subject).toBe('Back in stock: Linen Shirt');
    expect(notice.text).toContain(
      'Good news: Linen Shirt (Size: L, Colour: Sand) is back in stock at Vitrine Demo Store.',
    );
    expect(notice.text).toContain('Get it here: https://shop.example/shop/p/linen-shirt');
  });

  it('leaves out empty options', () => {
    expect(
      restockNotice({ siteTitle: 'S', productName: 'Mug', attributes: {}, productUrl: 'u' }).text,
    ).toMatch(/^Good news: Mug is back/);
  });

  it('references the sign-up', () => {
    expect(restockNoticeReference(7)).toBe('restock-signup:7');
  });
});
