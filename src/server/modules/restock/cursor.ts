/**
 * Opaque, stable cursors for the owner lists: the keyset of the last row shown (never an
 * offset, so sign-ups arriving meanwhile neither repeat nor skip rows), base64url-encoded so
 * clients treat it as a token. A cursor that does not decode to this list's shape is a 400.
 */
import { AppError } from '../../../shared/errors.ts';

const VERSION = 1;

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([VERSION, ...key]), 'utf8').toString('base64url');
}

function invalid(): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { cursor: 'Not a cursor from this list' } });
}

function decode(cursor: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value[0] !== VERSION) throw invalid();
  return value.slice(1) as unknown[];
}

/** The (productId, variantId) after which a groups page starts. */
export function decodeGroupCursor(cursor: string): { productId: string; variantId: string } {
  const [productId, variantId, ...rest] = decode(cursor);
  if (typeof productId !== 'string' || typeof variantId !== 'string' || rest.length > 0)
    throw invalid();
  return { productId, variantId };
}

/** The sign-up id after which a sign-ups page starts. */
export function decodeSignUpCursor(cursor: string): number {
  const [id, ...rest] = decode(cursor);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0 || rest.length > 0)
    throw invalid();
  return id;
}
