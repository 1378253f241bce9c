/**
 * Field shapes reused by the analytics and telemetry payload schemas: bounded ids, paths, text
 * and numbers, so an oversized or absurd value fails validation instead of reaching storage.
 */
import { z } from 'zod';
import { MAX_EVENT_NAME_LENGTH, MAX_PATH_LENGTH, MAX_VISITOR_ID_LENGTH } from './limits.ts';

/** An id as the platform sends them: short, printable, no spaces. */
export const idField = z
  .string()
  .regex(/^[\w.:-]{1,128}$/, 'must be an id of at most 128 letters, digits or ._:-');
/** Ids arrive as strings or numbers depending on the client; stored as strings. */
export const looseIdField = z.union([idField, z.number().int().nonnegative()]).transform(String);
export const visitorIdField = z
  .string()
  .regex(new RegExp(`^[\\w.:%=+/-]{1,${MAX_VISITOR_ID_LENGTH}}$`), 'is not a visitor id');
export const pathField = z
  .string()
  .max(MAX_PATH_LENGTH)
  .regex(/^\S*$/, 'must not contain whitespace');
export const eventNameField = z.string().trim().min(1).max(MAX_EVENT_NAME_LENGTH);
export const shortText = z.string().max(256);
export const longText = z.string().max(2083);
export const localeField = z
  .string()
  .regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$/, 'is not a locale');
export const sizeField = z.number().int().min(0).max(100_000);
/** A duration or time offset in milliseconds: at most one hour. */
export const millisField = z.number().finite().min(0).max(3_600_000);
/** A client clock value: epoch milliseconds or an ISO date string. */
export const clientTimeField = z.union([
  z.number().int().min(0).max(8.64e15),
  z.iso.datetime({ offset: true }),
]);

/** Parses a JSON text; a ZodError-friendly refinement for fields that carry JSON strings. */
export function jsonText<T extends z.ZodType>(schema: T, maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
