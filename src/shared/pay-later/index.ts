export * from './brightness.ts';
export * from './constants.ts';
export * from './eligibility.ts';
export * from './locale.ts';
export * from './message.ts';
export * from './modal-url.ts';
export * from './teaser.ts';
