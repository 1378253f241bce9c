// Money helpers shared by the server, the islands and the template engine.
export * from './currencies.ts';
export * from './decimal.ts';
export * from './money.ts';
export * from './to-money.ts';
export * from './minor-units-formatter.ts';
