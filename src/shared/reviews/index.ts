export * from './constants.ts';
export * from './gate.ts';
export * from './plain-text.ts';
export * from './query.ts';
export * from './review.ts';
export * from './summary.ts';
export * from './paging.ts';
export * from './island-props.ts';
