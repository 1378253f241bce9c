import { describe, expect, it } from 'vitest';
import { ENGLISH_STRINGS, localizedStrings } from './localized-strings.ts';

describe('localizedStrings', () => {
  it('defaults to the spec English wording', () => {
    const strings = localizedStrings({});
    expect(strings).toEqual({
      ...ENGLISH_STRINGS,
      productSoldOutText: 'sold out',
      productSaleText: 'sale',
    });
    expect(strings).toMatchObject({
      addToCart: 'Add to Cart',
      subscribe: 'Subscribe',
      purchase: 'Purchase',
      soldOut: 'sold out',
      sale: 'sale',
      quickView: 'Quick View',
      selectGiftCardValue: 'Select Value',
      selectOption: 'Select {variantName}',
      cartCountOverflow: 'More than 100 items in cart',
      payLaterText: '{n} interest-free payments of {amount}',
      payLaterOneLine: 'or {n} interest-free payments of {amount} with',
      payLaterMoreInformation: 'More information',
      payLaterClosePopup: 'Close Popup',
      payLaterInstallmentsBy: 'Installments by {button}',
      restockEmailBlank: 'Email cannot be blank',
      restockEmailInvalid: 'Email is invalid',
      restockCaptchaIncomplete: 'Complete CAPTCHA before submitting.',
    });
  });

  it('lays the site overrides of known keys over the defaults, ignoring others and blanks', () => {
    const strings = localizedStrings({ addToCart: 'In den Warenkorb', soldOut: ' ', bogus: 'x' });
    expect(strings.addToCart).toBe('In den Warenkorb');
    expect(strings.soldOut).toBe('sold out');
    expect('bogus' in strings).toBe(false);
  });

  it("words the engine's product-status marks with the site's soldOut and sale", () => {
    const strings = localizedStrings({ soldOut: 'ausverkauft', sale: 'Angebot' });
    expect(strings.productSoldOutText).toBe('ausverkauft');
    expect(strings.productSaleText).toBe('Angebot');
    // The engine's names are derived, never set on their own.
    expect(localizedStrings({ productSoldOutText: 'x' }).productSoldOutText).toBe('sold out');
  });

  it("passes the engine's subscription wording keys through", () => {
    const key = 'productPrice__singlePrice__1weekly__indefinite';
    expect(localizedStrings({ [key]: '{price} chaque semaine' })[key]).toBe(
      '{price} chaque semaine',
    );
    expect(localizedStrings({}).productPriceUnavailable).toBe('Unavailable');
  });
});
