export * from './coupons.ts';
export * from './gift-cards.ts';
export * from './money-math.ts';
export * from './quote.ts';
export * from './requests.ts';
export * from './settings.ts';
export * from './shipping.ts';
export * from './tax.ts';
