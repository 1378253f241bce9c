// Exact decimal-string arithmetic for money: rounding half-up and minor/major unit
// conversion without binary floating point surprises (1.005 rounds to 1.01).

const DECIMAL = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;

/** Normalises a number or numeric string into sign, integer digits and fraction digits; null if not numeric. */
export function parseDecimal(
  v: number | string,
): { negative: boolean; int: string; frac: string } | null {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? expandExponent(v) : '') : v.trim();
  const m = DECIMAL.exec(text);
  if (!m || ((m[2] ?? '') === '' && (m[3] ?? '') === '')) return null;
  let int = m[2] ?? '';
  let frac = m[3] ?? '';
  const exp = Number(m[4] ?? 0);
  if (exp > 0) {
    const moved = frac.padEnd(exp, '0');
    int += moved.slice(0, exp);
    frac = moved.slice(exp);
  } else if (exp < 0) {
    const moved = int.padStart(-exp, '0');
    frac = moved.slice(moved.length + exp) + frac;
    int = moved.slice(0, moved.length + exp);
  }
  int = int.replace(/^0+/, '') || '0';
  return { negative: m[1] === '-', int, frac };
}

function expandExponent(n: number): string {
  const s = String(n);
  return s.includes('e') ? n.toFixed(20).replace(/\.?0+$/, '') : s;
}

/** Rounds half away from zero to `digits` fraction digits; returns a plain decimal string. */
export function roundDecimal(v: number | string, digits: number): string | null {
  const d = parseDecimal(v);
  if (!d) return null;
  const frac = d.frac.padEnd(digits + 1, '0');
  let kept = d.int + frac.slice(0, digits);
  if ((frac.charCodeAt(digits) || 48) >= 53) kept = incrementDigits(kept);
  const int = kept.slice(0, kept.length - digits).replace(/^0+/, '') || '0';
  const fraction = kept.slice(kept.length - digits);
  const zero = /^0*$/.test(int + fraction);
  const sign = d.negative && !zero ? '-' : '';
  return digits > 0 ? `${sign}${int}.${fraction}` : `${sign}${int}`;
}

function incrementDigits(s: string): string {
  const digits = s.split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    if (digits[i] === '9') digits[i] = '0';
    else {
      digits[i] = String(Number(digits[i]) + 1);
      return digits.join('');
    }
  }
  return '1' + digits.join('');
}

/** Inserts a grouping separator every three integer digits. */
export function groupThousands(int: string, separator: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Minor units (integer) to a major-unit decimal string: 12345 USD → "123.45", 500 JPY → "500". */
export function minorToMajor(minor: number, digits: number): string {
  const negative = minor < 0;
  const s = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const out = digits > 0 ? `${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}` : s;
  return negative ? `-${out}` : out;
}

/**
 * Plain "123.45"-style strings with no more fraction digits than the currency has:
 * the common case of template data, converted without building intermediate strings.
 */
function plainMinor(s: string, digits: number): number | null {
  let int = 0;
  let frac = 0;
  let fracDigits = -1;
  let seen = false;
  const n = s.length;
  if (n === 0 || n > 16) return null;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 /* . */) {
      if (fracDigits !== -1) return null;
      fracDigits = 0;
    } else if (c >= 48 && c <= 57) {
      seen = true;
      if (fracDigits === -1) int = int * 10 + (c - 48);
      else {
        frac = frac * 10 + (c - 48);
        fracDigits++;
      }
    } else return null;
  }
  if (!seen || fracDigits > digits) return null;
  const scale = 10 ** digits;
  return int * scale + (fracDigits <= 0 ? 0 : frac * 10 ** (digits - fracDigits));
}

/** Major-unit decimal to integer minor units, rounded half away from zero. */
export function majorToMinor(major: number | string, digits: number): number | null {
  if (typeof major === 'string') {
    const fast = plainMinor(major, digits);
    if (fast !== null) return fast;
  }
  const r = roundDecimal(major, digits);
  return r === null ? null : Number(r.replace('.', ''));
}
