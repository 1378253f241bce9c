/**
 * The site file format (demo/site.json, `vitrine import/export`): zod schemas, types, and
 * error lines that name the bad record. Tools read these field names: keep them stable.
 */
export * from './enums.ts';
export * from './records.ts';
export * from './file.ts';
export * from './json-schema.ts';
