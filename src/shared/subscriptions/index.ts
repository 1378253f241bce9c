// Subscription helpers shared by the server, the islands and the template engine.
export * from './wording.ts';
export * from './billing-dates.ts';
export * from './purchase-rules.ts';
