// Value semantics shared by the compiler and plugins: truthiness, printing, member access.

/** JSON-T truthiness: empty strings, 0, NaN, false, null, missing, empty arrays and empty objects are false. */
export function isTruthy(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'boolean') return v;
  if (typeof v === 'object') {
    if (Array.isArray(v)) return v.length > 0;
    for (const _ in v) return true;
    return false;
  }
  return true;
}

/** How a variable's final value is printed: arrays comma-joined, objects and missing values empty. */
export function toOutput(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(topElement).join(',');
  return '';
}

/** A null member of a printed array reads `null`, as in the reference; deeper ones are empty. */
function topElement(v: unknown): string {
  return v === null ? 'null' : joinedElement(v);
}

/**
 * A value as JavaScript's `String()` writes it, null and missing as nothing (as
 * `Array.prototype.join` writes an element), without calling the value's own `toString`: data
 * may hold a key named `toString` (`{"toString": 0}`), which would make the built-in
 * conversion throw.
 */
export function toJsText(v: unknown): string {
  return joinedElement(v);
}

function joinedElement(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(joinedElement).join(',');
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '[object Object]';
}

/**
 * A yes/no flag of template data as the reference reads one: true, the text 'true', or a
 * number written as a whole number other than 0 (1.5 and 1e21 are not: the reference reads
 * the number's text as an integer).
 */
export function isFlagSet(v: unknown): boolean {
  if (typeof v === 'number') return v !== 0 && /^-?\d+$/.test(String(v));
  return v === true || v === 'true';
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads one member of an object or array element; undefined when absent. */
export function member(node: unknown, key: string): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    // An index starts with a digit ('' is none: Number('') would be 0).
    const c = key.charCodeAt(0);
    if (!(c >= 48 && c <= 57)) return undefined;
    return node[Number(key)] as unknown;
  }
  const v = (node as Record<string, unknown>)[key];
  // Only own data counts. JSON never holds functions, so an inherited method
  // (constructor, toString, …) shows up as one; __proto__ is the one inherited non-function.
  if (v === undefined || typeof v === 'function') return undefined;
  if (key === '__proto__') return Object.hasOwn(node, key) ? v : undefined;
  return v;
}

/** Follows `segments` from `node`. */
export function walk(node: unknown, segments: readonly string[], from = 0): unknown {
  let v = node;
  for (let i = from; i < segments.length && v !== undefined; i++) v = member(v, segments[i] ?? '');
  return v;
}

/** A number from a JSON-T value, or NaN. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}

/**
 * A number as the reference's comparisons, dates and numeric formatters read a value: text by
 * its leading number ('5 kg' is 5, 'abc' NaN), booleans as 1 and 0, anything else 0. Text
 * holding a point anywhere reads as a decimal, exponent and Infinity included ('1.5e3' is
 * 1500); other text by its leading decimal integer ('1e3' is 1, '0x10' is 0).
 */
export function leadingNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v !== 'string') return 0;
  return v.includes('.') ? Number.parseFloat(v) : Number.parseInt(v, 10);
}

/** A number from any value as the reference's numeric formatters read it: text by its leading number, objects and missing values 0. */
export function leadingNumberOrZero(v: unknown): number {
  return v === null || v === undefined || typeof v === 'object' ? 0 : leadingNumber(v);
}

/**
 * Text for string formatters (truncate, slugify, the URL encodings…): strings, numbers and
 * booleans as printed; arrays, objects and missing values give '' as in the reference, which
 * joins an array only when the variable itself is printed.
 */
export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/**
 * A number as the reference's numeric formatters read one: a missing value, null, an array
 * or an object counts as 0 (the reference reads a node that is not a scalar as zero); text
 * that is not a number stays NaN.
 */
export function toNumberOrZero(v: unknown): number {
  if (v === null || v === undefined || typeof v === 'object') return 0;
  return toNumber(v);
}
