export * from './block-schema.ts';
export * from './email.ts';
export * from './field-types.ts';
export * from './messages.ts';
export * from './validate.ts';
export * from './values.ts';
export * from './site-settings.ts';
