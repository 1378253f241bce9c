// Pratt parser of the `{.eval}` language: compiles straight to closures over the
// render state. Values follow JavaScript arithmetic and comparison; truthiness of
// `!`, `&&`, `||` and bool() follows JSON-T.
import { ErrorCode } from '../errors.ts';
import { parsePath } from '../parse-tag.ts';
import { compilePath } from '../scope.ts';
import type { RenderState } from '../state.ts';
import { isTruthy, toNumber, toOutput } from '../values.ts';
import { ExprError, type ExprToken } from './lexer.ts';

export type Expr = (s: RenderState) => unknown;

/** A compiled statement; assignments print nothing. */
export interface Statement {
  run: Expr;
  assignment: boolean;
}

type Binary = (a: unknown, b: unknown) => unknown;

/** JavaScript's Number() for the values an expression can hold ('' and null are 0): comparisons. */
const jsNum = (v: unknown): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v);
  if (v === null || v === undefined) return 0;
  return toNumber(v);
};

// Text as the reference's arithmetic reads it: a signed decimal (no leading point) or hex
// number and nothing else, no white space or Infinity; '' is 0.
const DECIMAL = /^[+-]?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]+)$/;

function textNum(v: string): number {
  if (v === '') return 0;
  if (DECIMAL.test(v)) return Number(v);
  const hex = HEX.exec(v);
  if (!hex) return NaN;
  const n = Number.parseInt(hex[2] ?? '', 16);
  return hex[1] === '-' ? -n : n;
}

/** A number for arithmetic, bitwise operators and num(), as the reference gives it. */
const num = (v: unknown): number => (typeof v === 'string' ? textNum(v) : jsNum(v));
const looseEq = (a: unknown, b: unknown): boolean => {
  if (typeof a === typeof b) return a === b;
  if (a === null || b === null || a === undefined || b === undefined) return a == null && b == null;
  return jsNum(a) === jsNum(b);
};
const lt = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? a < b : jsNum(a) < jsNum(b);
const le = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' ? a <= b : jsNum(a) <= jsNum(b);

const BINARY: Record<string, { prec: number; right?: boolean; fn: Binary }> = {
  '||': { prec: 1, fn: (a, b) => isTruthy(a) || isTruthy(b) },
  '&&': { prec: 2, fn: (a, b) => isTruthy(a) && isTruthy(b) },
  '|': { prec: 3, fn: (a, b) => num(a) | num(b) },
  '^': { prec: 4, fn: (a, b) => num(a) ^ num(b) },
  '&': { prec: 5, fn: (a, b) => num(a) & num(b) },
  '==': { prec: 6, fn: looseEq },
  '!=': { prec: 6, fn: (a, b) => !looseEq(a, b) },
  '===': { prec: 6, fn: (a, b) => a === b },
  '!==': { prec: 6, fn: (a, b) => a !== b },
  '<': { prec: 7, fn: lt },
  '<=': { prec: 7, fn: le },
  '>': { prec: 7, fn: (a, b) => lt(b, a) },
  '>=': { prec: 7, fn: (a, b) => le(b, a) },
  '<<': { prec: 8, fn: (a, b) => num(a) << num(b) },
  '>>': { prec: 8, fn: (a, b) => num(a) >> num(b) },
  '+': {
    prec: 9,
    fn: (a, b) =>
      typeof a === 'string' || typeof b === 'string' ? joined(a) + joined(b) : num(a) + num(b),
  },
  '-': { prec: 9, fn: (a, b) => num(a) - num(b) },
  '*': { prec: 10, fn: (a, b) => num(a) * num(b) },
  '/': { prec: 10, fn: (a, b) => num(a) / num(b) },
  '%': { prec: 10, fn: (a, b) => num(a) % num(b) },
  '**': { prec: 11, right: true, fn: (a, b) => num(a) ** num(b) },
};

/** A value joined to text: null (and a missing value, read as null) joins as 'null', as in JavaScript. */
const joined = (v: unknown): string => (v === null || v === undefined ? 'null' : toOutput(v));

/** min() and max() pass over arguments that are no number, as the reference does; NaN when all are. */
function extreme(args: readonly unknown[], pick: (...n: number[]) => number): number {
  const numbers = args.map(num).filter((n) => !Number.isNaN(n));
  return numbers.length === 0 ? NaN : pick(...numbers);
}

const UNARY: Record<string, (a: unknown) => unknown> = {
  '!': (a) => !isTruthy(a),
  '-': (a) => -num(a),
  '+': (a) => num(a),
  '~': (a) => ~num(a),
};

const CONSTANTS: Record<string, unknown> = {
  PI: Math.PI,
  E: Math.E,
  Infinity,
  NaN,
  true: true,
  false: false,
  null: null,
  undefined,
};

const FUNCTIONS: Record<string, (args: unknown[]) => unknown> = {
  min: (args) => (args.length === 0 ? undefined : extreme(args, Math.min)),
  max: (args) => (args.length === 0 ? undefined : extreme(args, Math.max)),
  abs: (args) => Math.abs(num(args[0])),
  num: (args) => num(args[0]),
  str: (args) => (args[0] === null ? 'null' : toOutput(args[0])),
  bool: (args) => isTruthy(args[0]),
};

export class ExprParser {
  private i = 0;

  constructor(private readonly tokens: readonly ExprToken[]) {}

  private peek(): ExprToken | undefined {
    return this.tokens[this.i];
  }

  private next(): ExprToken | undefined {
    return this.tokens[this.i++];
  }

  /** All statements: separated by `;`, `,` or simply juxtaposed (`1 2 3`). */
  parseProgram(): Statement[] {
    const out: Statement[] = [];
    while (this.i < this.tokens.length) {
      const t = this.peek();
      if (t?.t === 'semi' || t?.t === 'comma') {
        this.i++;
        continue;
      }
      out.push(this.parseStatement());
    }
    return out;
  }

  private parseStatement(): Statement {
    const t = this.peek();
    const after = this.tokens[this.i + 1];
    if (t?.t === 'name' && after?.t === 'op' && after.v === '=') {
      this.i += 2;
      const value = this.parseExpr(0);
      const target = t.v;
      if (!/^@[A-Za-z0-9_$-]+$/.test(target)) {
        // Only @variables can be assigned; anything else evaluates and is dropped.
        return { run: value, assignment: true };
      }
      return {
        run: (s) => {
          s.frame.setVar(target, value(s));
          return undefined;
        },
        assignment: true,
      };
    }
    return { run: this.parseExpr(0), assignment: false };
  }

  private parseExpr(minPrec: number): Expr {
    let left = this.parseUnary();
    for (;;) {
      const t = this.peek();
      if (t?.t !== 'op') return left;
      const op = BINARY[t.v];
      if (!op || op.prec < minPrec) return left;
      this.i++;
      const right = this.parseExpr(op.right === true ? op.prec : op.prec + 1);
      const l = left;
      const fn = op.fn;
      // Concatenation is how an expression grows a value: its size is budgeted.
      left = t.v === '+' ? (s) => s.checkValue(fn(l(s), right(s))) : (s) => fn(l(s), right(s));
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t?.t === 'op') {
      const fn = UNARY[t.v];
      if (!fn) throw new ExprError(ErrorCode.ExprSyntax, `Invalid arguments to operator ${t.v}`);
      this.i++;
      const operand = this.parseUnary();
      return (s) => fn(operand(s));
    }
    return this.parsePrimary();
  }

  private parsePrimary(): Expr {
    const t = this.next();
    if (!t) throw new ExprError(ErrorCode.ExprSyntax, 'Unexpected end of expression');
    switch (t.t) {
      case 'num':
      case 'str': {
        const v = t.v;
        return () => v;
      }
      case 'lparen': {
        const inner = this.parseExpr(0);
        if (this.next()?.t !== 'rparen')
          throw new ExprError(ErrorCode.ExprSyntax, 'Mismatched parenthesis');
        return inner;
      }
      case 'name':
        return this.parseName(t.v);
      case 'rparen':
      case 'comma':
      case 'semi':
      case 'op':
        throw new ExprError(ErrorCode.ExprSyntax, 'Unexpected token in expression');
    }
  }

  private parseName(name: string): Expr {
    if (this.peek()?.t === 'lparen') {
      const fn = FUNCTIONS[name];
      if (!fn) throw new ExprError(ErrorCode.InvalidFunction, `Invalid function ${name}`);
      this.i++;
      const args: Expr[] = [];
      while (this.peek()?.t !== 'rparen') {
        if (this.i >= this.tokens.length)
          throw new ExprError(ErrorCode.ExprSyntax, 'Mismatched parenthesis');
        args.push(this.parseExpr(0));
        if (this.peek()?.t === 'comma') this.i++;
      }
      this.i++;
      return (s) => fn(args.map((a) => a(s)));
    }
    if (Object.hasOwn(CONSTANTS, name)) {
      const v = CONSTANTS[name];
      return () => v;
    }
    const path = parsePath(name);
    if (!path) throw new ExprError(ErrorCode.ExprSyntax, `Invalid reference ${name}`);
    const resolve = compilePath(path);
    return (s) => {
      const v = resolve(s.frame);
      // As in the reference: a missing value is null, and objects and arrays stop the expression.
      if (v === undefined) return null;
      if (typeof v === 'object' && v !== null)
        throw new ExprError(ErrorCode.ExprValue, `${name} is not a number, string or boolean`);
      return v;
    };
  }
}
