import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';

const engine = createEngine();
const render = (t: string, ctx: unknown = {}, opts = {}) => engine.render(t, ctx, opts);

describe('variables', () => {
  it('prints dotted paths, @ and array indexes', () => {
    const ctx = { a: { b: { c: 'deep' } }, list: [1, 'x', [2, 3]], n: 1.5, t: true, o: { k: 1 } };
    expect(render('{a.b.c}|{list}|{list.1}|{n}|{t}|{o}|{missing}', ctx).output).toBe(
      'deep|1,x,2,3|x|1.5|true||',
    );
    expect(render('{.section a}{@.b.c}{.end}', ctx).output).toBe('deep');
  });

  it('searches outward through frames', () => {
    const ctx = { title: 'T', item: { name: 'N' } };
    expect(render('{.section item}{name} in {title}{.end}', ctx).output).toBe('N in T');
  });

  it('keeps malformed tags as literal text', () => {
    const t = '.a{ color: red }{a b}{9a}{a|}{a||html}{{x}}{.nope}';
    expect(render(t, { x: 'X' }).output).toBe('.a{ color: red }{a b}{9a}{a|}{a||html}{X}{.nope}');
  });

  it('drops comments and expands meta and whitespace instructions', () => {
    expect(
      render('a{# one }b{## two\n } ##}c{.meta-left}{.meta-right}{.space}{.tab}{.newline}').output,
    ).toBe('abc{} \t\n');
  });
});

describe('sections', () => {
  it('renders a section on truthy values and .or otherwise', () => {
    const t = '{.section v}yes{.or}no{.end}';
    for (const [v, out] of [
      [1, 'yes'],
      [0, 'no'],
      ['', 'no'],
      [' ', 'yes'],
      [{}, 'no'],
      [[], 'no'],
      [{ a: 1 }, 'yes'],
      [null, 'no'],
    ] as const) {
      expect(render(t, { v }).output, JSON.stringify(v)).toBe(out);
    }
  });

  it('repeats with @index, @index0 and .alternates with', () => {
    const t = '{.repeated section xs}{@index}{@index0}{@}{.alternates with},{.or}none{.end}';
    expect(render(t, { xs: ['a', 'b'] }).output).toBe('10a,21b');
    expect(render(t, { xs: [] }).output).toBe('none');
    expect(render(t, { xs: 'str' }).output).toBe('none');
  });
});

describe('escaping formatters', () => {
  const ctx = { s: '"< foo & bar >\'', o: { t: '</script>' } };
  it('escapes html and attributes', () => {
    expect(render('{s|html}', ctx).output).toBe('"&lt; foo &amp; bar &gt;\'');
    expect(render('{s|htmlattr}', ctx).output).toBe("&quot;&lt; foo &amp; bar &gt;'");
  });
  it('serialises json safely for script elements', () => {
    expect(render('{o|json}', ctx).output).toBe('{"t":"<\\/script>"}');
    expect(render('{o|raw}', ctx).output).toBe('{"t":"</script>"}');
    expect(render('{<b>x</b>|safe}', ctx).output).toBe('{<b>x</b>|safe}');
    expect(render('{h|safe}', { h: '<b>bold</b> text' }).output).toBe('bold text');
  });
});

describe('errors', () => {
  it('reports an unknown formatter and keeps the tag literal', () => {
    const r = render('x {a|nope}', { a: 1 });
    expect(r.output).toBe('x {a|nope}');
    expect(r.errors).toEqual([
      { code: 'FORMATTER_UNKNOWN', message: 'Unknown formatter "nope"', line: 1, column: 3 },
    ]);
  });
  it('reports an unclosed block at its opening position', () => {
    const r = render('a\n {.section x}b', { x: 1 });
    expect(r.errors[0]).toMatchObject({ code: 'EOF_IN_BLOCK', line: 2, column: 2 });
  });
  it('reports misplaced instructions', () => {
    expect(render('{.end}').errors[0]?.code).toBe('NOT_ALLOWED_HERE');
    expect(render('{.section a}{.alternates with}{.end}').errors[0]?.code).toBe('NOT_ALLOWED_HERE');
    expect(render('{.section a}{.or}{.or}{.end}').errors[0]?.code).toBe('NOT_ALLOWED_HERE');
  });
});

describe('compile cache', () => {
  it('returns the same compiled template for the same source', () => {
    expect(engine.compile('{a}').template).toBe(engine.compile('{a}').template);
  });
});

describe('scope lookup', () => {
  it('searches outward for variables but scopes sections into the current node, like the reference', () => {
    const ctx = { a: 'A', c: [1, 2], arr: [{ n: 'one' }, { n: 'two' }] };
    expect(render('{.repeated section arr}{a}{c}{.end}', ctx).output).toBe('A1,2A1,2');
    expect(render('{.repeated section arr}{.section c}S{.end}{.end}', ctx).output).toBe('');
    expect(render('{.repeated section arr}{.section n}{@}{.end}{.end}', ctx).output).toBe('onetwo');
    expect(render('{.repeated section arr}{.if a}I{.end}{.end}', ctx).output).toBe('II');
  });
});

describe('untrusted keys', () => {
  it('treats __proto__ as a plain key in .ctx, key-by and apply arguments', () => {
    const r = render('{.ctx @x __proto__=a}{@x.__proto__}|{xs|key-by k|prop __proto__|json}', {
      a: 'A',
      xs: [{ k: '__proto__', v: 1 }],
    });
    expect(r.output).toBe('A|{"k":"__proto__","v":1}');
    expect(({} as Record<string, unknown>).v).toBeUndefined();
  });
});

describe('member lookup', () => {
  it('reads own data only, never inherited methods', () => {
    const r = render('[{constructor}][{toString}][{a.hasOwnProperty}][{xs.length}][{xs.1}]', {
      a: {},
      xs: [1, 2],
    });
    expect(r.output).toBe('[][][][][2]');
  });
});

describe('partials', () => {
  it('compiles each partial source once and notices a changed source under the same name', () => {
    const partials: Record<string, string> = { p: 'one {@}' };
    expect(engine.render('{x|apply p}', { x: 1 }, { partials }).output).toBe('one 1');
    partials.p = 'two {@}';
    expect(engine.render('{x|apply p}', { x: 1 }, { partials }).output).toBe('two 1');
    expect(engine.compile('two {@}').template).toBe(engine.compile('two {@}').template);
  });

  it('private apply hides the caller scope but keeps macros; key=value arguments are @args', () => {
    const t = '{.macro m}[{name}|{outer}|{@args.k}]{.end}{item|apply m private k=v}{item|apply m}';
    expect(engine.render(t, { outer: 'O', item: { name: 'N' } }).output).toBe('[N||v][N|O|]');
  });
});
