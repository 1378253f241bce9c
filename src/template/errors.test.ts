// Every error message and limit of the engine: collected with a position, never thrown.
import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';
import { MAX_PARTIAL_DEPTH } from './state.ts';

const engine = createEngine();

function errorsOf(template: string, ctx: unknown = {}, opts = {}) {
  return engine.render(template, ctx, opts).errors;
}

describe('template errors', () => {
  it('unknown formatter', () => {
    expect(errorsOf('{a|nope}')).toEqual([
      { code: 'FORMATTER_UNKNOWN', message: 'Unknown formatter "nope"', line: 1, column: 1 },
    ]);
  });

  it('unknown predicate: the block does not render', () => {
    const r = engine.render('x\n{.nope?}yes{.or}no{.end}', {});
    expect(r.output).toBe('x\nno');
    expect(r.errors).toEqual([
      { code: 'PREDICATE_UNKNOWN', message: 'Unknown predicate "nope?"', line: 2, column: 1 },
    ]);
  });

  it('EOF in block, for every open block', () => {
    expect(errorsOf('{.repeated section a}{.section b}')).toEqual([
      {
        code: 'EOF_IN_BLOCK',
        message: 'Reached end of template inside SECTION block',
        line: 1,
        column: 22,
      },
      {
        code: 'EOF_IN_BLOCK',
        message: 'Reached end of template inside REPEATED_SECTION block',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('EOF in a comment', () => {
    expect(errorsOf('a {## open')[0]).toMatchObject({ code: 'EOF_IN_COMMENT', line: 1, column: 3 });
  });

  it('instruction not allowed here', () => {
    expect(errorsOf('{.end}')[0]).toEqual({
      code: 'NOT_ALLOWED_HERE',
      message: 'END is not allowed at the root of the template',
      line: 1,
      column: 1,
    });
    expect(errorsOf('{.macro m}{.or}{.end}')[0]?.message).toBe('OR is not allowed inside macro');
    expect(errorsOf('{.section a}{.alternates with}{.end}')[0]?.message).toBe(
      'ALTERNATES_WITH is not allowed inside section',
    );
  });

  it('partial not found', () => {
    const r = engine.render('{a|apply nothing}', { a: 1 });
    expect(r.output).toBe('');
    expect(r.errors).toEqual([
      {
        code: 'APPLY_PARTIAL_MISSING',
        message: 'Partial or macro "nothing" not found',
        line: 1,
        column: 1,
      },
    ]);
  });

  it(`partial too deep (${MAX_PARTIAL_DEPTH})`, () => {
    const r = engine.render('{@|apply p}', {}, { partials: { p: 'x{@|apply p}' } });
    expect(r.output).toBe('x'.repeat(MAX_PARTIAL_DEPTH));
    expect(r.errors).toEqual([
      {
        code: 'APPLY_PARTIAL_TOO_DEEP',
        message: 'Partial "p" exceeds the nesting limit of 16',
        line: 1,
        column: 2,
      },
    ]);
  });

  it('partial parse failure', () => {
    const r = engine.render('{@|apply p}', {}, { partials: { p: 'ok{.section a}' } });
    expect(r.output).toBe('');
    expect(r.errors[0]).toEqual({
      code: 'APPLY_PARTIAL_SYNTAX',
      message: 'Partial "p" has syntax errors: Reached end of template inside SECTION block at 1:3',
      line: 1,
      column: 1,
    });
  });

  it('invalid function', () => {
    expect(errorsOf('{.eval foo(1)}')).toEqual([
      {
        code: 'EXPR_INVALID_FUNCTION',
        message: 'Error in expression "foo(1)": Invalid function foo',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('unterminated string', () => {
    expect(errorsOf('{.eval "abc}')).toEqual([
      {
        code: 'EXPR_UNTERMINATED_STRING',
        message: 'Error in expression ""abc": Unterminated string',
        line: 1,
        column: 1,
      },
    ]);
  });

  it('token count exceeded', () => {
    const small = createEngine({ budgets: { evalTokens: 5 } });
    expect(small.render('{.eval 1 + 2 + 3 + 4}', {}).errors[0]?.code).toBe('EXPR_TOKEN_LIMIT');
    expect(small.render('{.eval 1 + 2}', {}).output).toBe('3');
  });

  it('string length exceeded', () => {
    const small = createEngine({ budgets: { evalStringLength: 3 } });
    expect(small.render("{.eval 'abcd'}", {}).errors[0]).toMatchObject({
      code: 'EXPR_STRING_LIMIT',
      message: `Error in expression "'abcd'": String literal exceeds the limit of 3 characters`,
    });
    expect(small.render("{.eval 'abc'}", {}).output).toBe('abc');
  });
});

describe('render budgets', () => {
  const big = { xs: Array.from({ length: 1000 }, (_, i) => i) };

  it('instruction count', () => {
    const r = createEngine({ budgets: { instructions: 100 } }).render(
      '{.repeated section xs}{@}{.end}',
      big,
    );
    expect(r.errors).toEqual([
      {
        code: 'BUDGET_INSTRUCTIONS',
        message: 'Render exceeded the instruction budget of 100',
        line: 0,
        column: 0,
      },
    ]);
    expect(r.output.length).toBeLessThan(200);
  });

  it('output size', () => {
    const r = createEngine({ budgets: { outputSize: 50 } }).render(
      '{.repeated section xs}{@}{.end}',
      big,
    );
    expect(r.errors[0]?.code).toBe('BUDGET_OUTPUT');
    expect(r.errors[0]?.message).toBe('Render exceeded the output budget of 50 characters');
  });

  it('wall time', () => {
    const slow = createEngine({
      budgets: { wallTimeMs: 5 },
      formatters: {
        slow: (v) => {
          const end = Date.now() + 1;
          while (Date.now() < end) {
            /* burn time */
          }
          return v;
        },
      },
    });
    const r = slow.render('{.repeated section xs}{@|slow}{.end}', big);
    expect(r.errors[0]?.code).toBe('BUDGET_TIME');
    expect(r.errors[0]?.message).toBe('Render exceeded the time budget of 5 ms');
  });

  it('never throws, even when a plugin does', () => {
    const bad = createEngine({
      formatters: {
        boom: () => {
          throw new Error('kaboom');
        },
      },
    });
    const r = bad.render('a{x|boom}b', { x: 1 });
    expect(r.output).toBe('ab');
    expect(r.errors[0]).toMatchObject({
      code: 'FORMATTER_FAILED',
      message: 'Formatter "boom" failed: kaboom',
    });
  });
});

describe('pathological templates', () => {
  it('reports nesting too deep to compile instead of throwing', () => {
    const n = 20_000;
    const t = '{.section a}'.repeat(n) + 'x' + '{.end}'.repeat(n);
    const r = engine.render(t, { a: { a: 1 } });
    expect(r.output).toBe('');
    expect(r.errors.map((e) => e.code)).toContain('TEMPLATE_TOO_COMPLEX');
    expect(engine.compile(t).errors.map((e) => e.code)).toContain('TEMPLATE_TOO_COMPLEX');
  });

  it('ends runaway recursion at render time with a collected error', () => {
    const r = engine.render('{.macro m}{@|apply m}{.end}{@|apply m}', {});
    expect(r.errors[0]?.code).toBe('APPLY_PARTIAL_TOO_DEEP');
  });
});
