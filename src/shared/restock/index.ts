export * from './eligibility.ts';
export * from './email.ts';
export * from './messages.ts';
export * from './owner.ts';
export * from './payload.ts';
