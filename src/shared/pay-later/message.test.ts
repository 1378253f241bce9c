import { describe, expect, it } from 'vitest';
import {
  inRange,
  installmentCents,
  installmentMessage,
  installmentsByParts,
  messageText,
} from './message.ts';
import { PAY_LATER_INSTALLMENTS } from './constants.ts';

const limits = { minCents: 3200, maxCents: 6800 };
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('installmentMessage (docs/behaviour/pay-later.md#when-the-teaser-shows)', () => {
  it('is in range only above the minimum and not above the maximum', () => {
    expect(inRange(3200, limits)).toBe(false);
    expect(inRange(3201, limits)).toBe(true);
    expect(inRange(6800, limits)).toBe(true);
    expect(inRange(6801, limits)).toBe(false);
  });

  it("divides the total by the default count of 4: '{n} interest-free payments of {amount}'", () => {
    expect(PAY_LATER_INSTALLMENTS).toBe(4);
    const message = installmentMessage(6800, limits);
    expect(message).toEqual({ kind: 'in-range', count: 4, installmentCents: 1700 });
    expect(messageText(message, dollars)).toBe('4 interest-free payments of $17.00');
  });

  it("has the one-line variant 'or {n} interest-free payments of {amount} with'", () => {
    expect(messageText(installmentMessage(5400, limits), dollars, { oneLine: true })).toBe(
      'or 4 interest-free payments of $13.50 with',
    );
  });

  it("says 'available for orders up to {max}' above the maximum", () => {
    const message = installmentMessage(6801, limits);
    expect(message).toEqual({ kind: 'above-max', limitCents: 6800 });
    expect(messageText(message, dollars)).toBe('available for orders up to $68.00');
  });

  it("says 'available for orders over {min}' below the minimum, and at it", () => {
    expect(messageText(installmentMessage(1800, limits), dollars)).toBe(
      'available for orders over $32.00',
    );
    expect(messageText(installmentMessage(3200, limits), dollars)).toBe(
      'available for orders over $32.00',
    );
  });

  it('rounds the installment to whole cents', () => {
    expect(installmentCents(1999)).toBe(500);
    expect(installmentCents(1001, 2)).toBe(501);
    expect(installmentCents(1000, 3)).toBe(333);
  });

  it('takes localized wordings', () => {
    const strings = {
      payLaterText: '{n} paiements de {amount}',
      payLaterOneLine: 'ou {n} × {amount} avec',
    };
    expect(messageText(installmentMessage(4000, limits), dollars, { strings })).toBe(
      '4 paiements de $10.00',
    );
  });
});

describe('installmentsByParts', () => {
  it("splits 'Installments by {button}' around the button", () => {
    expect(installmentsByParts()).toEqual(['Installments by ', '']);
    expect(installmentsByParts('Paiements par {button} !')).toEqual(['Paiements par ', ' !']);
    expect(installmentsByParts('No placeholder')).toEqual(['No placeholder ', '']);
  });
});
