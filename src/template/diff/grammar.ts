// The JSON-T grammar as fast-check arbitraries: every instruction (variables with
// formatter chains, sections, repeated sections with alternates, predicates and `.or`
// chains, `.if`, `.var`, `.ctx`, macros, `|apply` and `.include` of partials, `.inject`,
// `.eval`, whitespace and meta instructions, comments), every formatter and predicate of
// the reference's registry with their argument forms, nested, plus text and broken tags.
import fc from 'fast-check';
import { argumentsOf } from './arguments.ts';
import { context, DIFF_NOW } from './data.ts';
import { DIFF_LOCALES } from './packs.ts';
import type { DiffInput } from './reference.ts';

export interface GrammarNames {
  formatters: readonly string[];
  predicates: readonly string[];
}

const VARIABLES = [
  'a',
  'b',
  's',
  'n',
  'list',
  'nums',
  'obj',
  'obj.name',
  'obj.a',
  'obj.id',
  'money',
  'date',
  'item',
  'item.title',
  'item.structuredContent',
  'item.items',
  'item.mainImage',
  'items',
  'items.0',
  'collection',
  'website',
  'cart',
  '@',
  '@.a',
  '@.name',
  '@index',
  '@index0',
  '@v',
  '@w.k',
  '@args.k',
  '$x',
  'a.b',
  'list.0',
  'list.1.a',
  'missing',
  'missing.deep',
];
const SECTIONS = [
  'a',
  'b',
  'obj',
  'item',
  'items',
  'list',
  'nums',
  'collection',
  'money',
  '@',
  '@v',
];
const REPEATED = ['list', 'nums', 'items', 'item.items', 'a', 'b', 'obj', 'item.tags', '@'];

const variable = fc.constantFrom(...VARIABLES);

export function grammar(names: GrammarNames) {
  const formatterCall = fc
    .constantFrom(...names.formatters)
    .chain((name) => argumentsOf(name).map((args) => `${name}${args}`));
  const chain = fc.array(formatterCall, { minLength: 0, maxLength: 3 });
  const predicateRef = fc
    .constantFrom(...names.predicates)
    .chain((name) => argumentsOf(name).map((args) => `${name}${args}`));

  const variableTag = fc
    .tuple(fc.array(variable, { minLength: 1, maxLength: 2 }), chain, fc.constantFrom(',', ', '))
    .map(([vars, fs, comma]) => `{${vars.join(comma)}${fs.map((f) => `|${f}`).join('')}}`);

  const leaf = fc.oneof(
    { weight: 6, arbitrary: variableTag },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ' ',
        '\n',
        'text',
        '<p>',
        '</p>',
        ', ',
        'é',
        '{',
        '}',
        '{}',
        '{ a }',
        'a{b',
        '{.}',
        '{|}',
        '{a|}',
        '{#}',
        'x: { color: red; }',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '{.space}',
        '{.newline}',
        '{.tab}',
        '{.meta-left}',
        '{.meta-right}',
        '{# a comment }',
        '{## multi\nline {a} ##}',
        '{.end}',
        '{.or}',
        '{.alternates with}',
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('@v', '@w', '@x1', '@$y'), variable, chain)
        .map(([name, v, fs]) => `{.var ${name} ${v}${fs.map((f) => `|${f}`).join('')}}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('@w', '@v'), fc.array(variable, { minLength: 1, maxLength: 2 }))
        .map(([name, vs]) => `{.ctx ${name} ${vs.map((v, i) => `k${i ? i : ''}=${v}`).join(' ')}}`),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '{.eval 1+2*3}',
        '{.eval n * 2}',
        '{.eval s + "!"}',
        '{.eval @v = n + 1; @v}',
        '{.eval @v = 2}',
        '{.eval a == b}',
        '{.eval n > 3 && s}',
        '{.eval num(s) + 1}',
        '{.eval str(n) + str(a)}',
        '{.eval max(n, 3, 1)}',
        '{.eval min(n, 0)}',
        '{.eval abs(n)}',
        '{.eval bool(a)}',
        '{.eval !a}',
        '{.eval 7 / 2}',
        '{.eval 7 % 3}',
        '{.eval 2 ** 10}',
        '{.eval 1 << 3 | 1}',
        '{.eval "a" < "b"}',
        '{.eval null}',
        '{.eval true + 1}',
        '{.eval 1 +}',
        '{.eval obj.name + obj.id}',
        '{.eval 0x1F + 1e2}',
        '{.eval "\\u00e9\\n"}',
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(variable, fc.constantFrom('p1', 'p2', 'm1', 'missing', 'p1 private', 'p2 k=v'))
        .map(([v, p]) => `{${v}|apply ${p}}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{.include p1}',
        '{.include m1}',
        '{.include p2 output}',
        '{.include missing}',
        '{.inject @v injected.json}',
        '{.inject @w missing.json}',
      ),
    },
  );

  const { node } = fc.letrec<{ node: string; body: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 8, arbitrary: leaf },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...SECTIONS), tie('body'), fc.option(tie('body')))
          .map(
            ([path, body, or]) =>
              `{.section ${path}}${body}${or === null ? '' : `{.or}${or}`}{.end}`,
          ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...REPEATED),
            tie('body'),
            fc.option(tie('body')),
            fc.option(tie('body')),
          )
          .map(
            ([path, body, between, or]) =>
              `{.repeated section ${path}}${body}${between === null ? '' : `{.alternates with}${between}`}${or === null ? '' : `{.or}${or}`}{.end}`,
          ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            predicateRef,
            tie('body'),
            fc.option(fc.tuple(fc.option(predicateRef), tie('body'))),
          )
          .map(([p, body, or]) => {
            const alt = or === null ? '' : `{.or${or[0] === null ? '' : ` ${or[0]}`}}${or[1]}`;
            return `{.${p}}${body}${alt}{.end}`;
          }),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.oneof(
              fc
                .tuple(
                  fc.array(variable, { minLength: 1, maxLength: 3 }),
                  fc.constantFrom(' && ', ' || ', '&&'),
                )
                .map(([vs, op]) => vs.join(op)),
              predicateRef,
            ),
            tie('body'),
            fc.option(tie('body')),
          )
          .map(
            ([test, body, or]) => `{.if ${test}}${body}${or === null ? '' : `{.or}${or}`}{.end}`,
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('m1', 'm2'), tie('body'), variable)
          .map(([name, body, v]) => `{.macro ${name}}${body}{.end}{${v}|apply ${name}}`),
      },
    ),
    body: fc.array(tie('node'), { maxLength: 4 }).map((ns) => ns.join('')),
  }));

  const template = fc.array(node, { minLength: 1, maxLength: 6 }).map((ns) => ns.join(''));
  const partial = fc.array(node, { maxLength: 3 }).map((ns) => ns.join(''));

  const input: fc.Arbitrary<DiffInput> = fc.record({
    template,
    context,
    partials: fc.record(
      {
        p1: partial,
        p2: fc.oneof(partial, fc.constantFrom('{@|apply p2}', '{.section @}{a}{.end}', '{.end}')),
      },
      { requiredKeys: [] },
    ),
    injects: fc.record(
      { 'injected.json': fc.oneof(fc.constant<unknown>('injected'), context) },
      { requiredKeys: [] },
    ),
    locale: fc.constantFrom(...DIFF_LOCALES),
    now: fc.constant(DIFF_NOW),
  });
  return { template, input };
}
