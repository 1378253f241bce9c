/**
 * Differences the differential harness found in instructions and scoping (`.ctx`, private
 * partials, the partial depth limit): fixed to what the reference prints, or held as the
 * deliberate deviation docs/adr/002 names, with its stand-in checked against the reference's
 * output.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { explain } from './deviations.ts';

const engine = createEngine();
const render = (template: string, context: unknown, partials: Record<string, string> = {}) =>
  engine.render(template, context, { partials, locale: 'en-US', now: 0 }).output;

describe('.ctx', () => {
  it('binds a key whose path resolves to nothing as null', () => {
    const t = '{.ctx @w k=missing k1=a}{@w|json}|{@w.k|json}|{.section @w}{k|json}{.end}';
    expect(render(t, { a: 1 })).toBe('{"k":null,"k1":1}|null|null');
    expect(render('{.ctx @w k=@x}{@w|json}|{.if @w.k}Y{.or}N{.end}', {})).toBe('{"k":null}|N');
  });
});

describe('a private apply', () => {
  it("hides the caller's @index and @index0 as it hides the caller's data", () => {
    const partials = { p: '[{@index}|{@index0}|{a}]' };
    const context = { a: 'A', list: ['x', 'y'] };
    expect(render('{.repeated section list}{a|apply p private}{.end}', context, partials)).toBe(
      '[||][||]',
    );
    expect(render('{.repeated section list}{a|apply p}{.end}', context, partials)).toBe(
      '[1|0|A][2|1|A]',
    );
    // A repeated section inside the private partial counts its own positions.
    const inner = { p: '{.repeated section @}{@index}{.end}' };
    expect(render('{.repeated section list}{list|apply p private}{.end}', context, inner)).toBe(
      '1212',
    );
  });
});

describe('the partial depth limit (docs/adr/002, partial-depth-recovers)', () => {
  const runaway = '{a|apply p}|{a|apply p}|{.include p output}';
  const partials = { p: 'x{a|apply p}' };

  it('counts the partials open: a refused recursion leaves the limit at 16 for the next', () => {
    const x16 = 'x'.repeat(16);
    expect(render(runaway, { a: 1 }, partials)).toBe(`${x16}|${x16}|${x16}`);
    const macro = '{.macro m}x{a|apply m}{.end}{a|apply m}|{a|apply m}';
    expect(render(macro, { a: 1 })).toBe(`${x16}|${x16}`);
  });

  it('has a stand-in that counts each refusal as the reference does (its output here)', () => {
    const reference = createEngine({ depthLeaksOnRefusal: true });
    const out = (t: string, p: Record<string, string>) =>
      reference.render(t, { a: 1 }, { partials: p, locale: 'en-US', now: 0 }).output;
    expect(out(runaway, partials)).toBe(`${'x'.repeat(16)}|${'x'.repeat(15)}|${'x'.repeat(14)}`);
    // Two recursive applies per level: the first refusal starves every later one.
    expect(out('{a|apply p}|{a|apply p}', { p: 'x{a|apply p}{a|apply p}' })).toBe(
      `${'x'.repeat(16)}|`,
    );
    // A name that is nothing is reported missing there, even past the limit: it counts nothing.
    expect(out('{a|apply p}|{a|apply p}', { p: 'x{a|apply none}{a|apply p}' })).toBe(
      `${'x'.repeat(16)}|${'x'.repeat(15)}`,
    );
  });
});

describe('a formatter failing in a variable tag (docs/adr/002, formatter-failure-keeps-scope)', () => {
  const context = { a: 'x', b: { c: 1 }, l: [1, 2] };

  it('affects its own tag only: the scope of what follows is kept', () => {
    expect(render('{a|date %A}|{@.a}|{.section b}{@|json}{.end}', context)).toBe('|x|{"c":1}');
    expect(render('{.section b}{a|date %A}{.end}{@.a}', context)).toBe('x');
  });

  it("has a stand-in that keeps the reference's scope stack (its output here)", () => {
    const reference = createEngine({
      scopeLeaksOnFormatterFailure: true,
      formatters: {
        date: (v) => {
          if (typeof v === 'string') throw new Error('Invalid time value');
          return '';
        },
      },
    });
    const out = (t: string): string =>
      reference.render(t, context, { locale: 'en-US', now: 0 }).output;
    expect(out('{a|date %A}|{@|json}|{.section b}{@}{.or}N{.end}')).toBe('|"x"|N');
    expect(out('{.section b}{a|date %A}{@|json}{.end}|{@|json}')).toBe('"x"|{"c":1}');
    expect(
      out('{.repeated section l}{a|date %A}{@|json}{.alternates with}-{@|json}-{.end}|{@|json}'),
    ).toBe('"x"-"x"-"x"|1');
    expect(out('{.if b}{a|date %A|html}{@|json}{.end}|{@|json}')).toBe('"x"|"x"');
    expect(out('{.macro m}{a|date %A}{.end}{b|apply m}{@|json}')).toBe('{"c":1}');
  });

  it("has a stand-in that reads a repeated section's elements from the frame on top", () => {
    const reference = createEngine({
      scopeLeaksOnFormatterFailure: true,
      formatters: {
        date: (v) => {
          if (typeof v === 'string') throw new Error('Invalid time value');
          return 'D';
        },
      },
    });
    const out = (t: string, c: unknown): string =>
      reference.render(t, c, { locale: 'en-US', now: 0 }).output;
    // After the failure the later elements read nothing and the position counts on; each end
    // takes off one frame only, so the failing element stays current over the list, whose
    // position has gone past its end.
    const each = '{.repeated section l}<{@index}:{@|json}>{a|date %A}<{@|json}>{.end}';
    expect(out(`${each}|{@index}{@|json}`, { l: [{ c: 1 }, { a: 'y' }, { c: 2 }] })).toBe(
      '<1:{"c":1}>D<{"c":1}><2:{"a":"y"}><"y"><3:><"y">|4{"a":"y"}',
    );
    const inner = '{.repeated section l}{.section @}{a|date %A}{.end}[{@index}{@|json}]{.end}';
    expect(out(`${inner}|{@|json}`, { l: [{ a: 'y' }, 2] })).toBe('[1{"a":"y"}][2]|[{"a":"y"},2]');
    // In `.var` the failure binds nothing: the variable keeps its value.
    expect(out('{.var @v b}{.var @v a|date %A|json}{@v|json}|{@|json}', { a: 'x', b: 1 })).toBe(
      '1|{"a":"x","b":1}',
    );
  });
});

describe('the harness names the engine-level deviations', () => {
  // These stand-ins replace no formatter that could be seen running: the harness must still
  // try them, or every such difference would be reported unexplained.
  const explainedBy = (template: string, partials: Record<string, string>, theirs: string) => {
    const d = explain(
      { template, context: { a: 1 }, partials, injects: {}, locale: 'en-US', now: 0 },
      theirs,
    );
    return d === null || d === 'several' ? d : d.id;
  };

  it("attributes the reference's shrinking depth limit to partial-depth-recovers", () => {
    const theirs = `${'x'.repeat(16)}|${'x'.repeat(15)}`;
    expect(explainedBy('{a|apply p}|{a|apply p}', { p: 'x{a|apply p}' }, theirs)).toBe(
      'partial-depth-recovers',
    );
  });

  it('reports a difference no stand-in renders as unexplained', () => {
    expect(explainedBy('{a|apply p}', { p: 'x' }, 'y')).toBeNull();
  });
});
