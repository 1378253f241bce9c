// The reference engine (@squarespace/template-engine, a dev dependency) driven as a black
// box through its public Compiler, with the harness defaults of the golden cases:
// `{.eval}` and `{.include}` on, the zone from website.timeZone (the reference reads it
// itself), the locale's CLDR data, a fixed clock. Used only by the differential harness.
import { CLDRFramework, type CLDR } from '@phensley/cldr';
import * as reference from '@squarespace/template-engine';
import { diffPacks } from './packs.ts';

/** What one render needs: the same inputs both engines get. */
export interface DiffInput {
  template: string;
  context: unknown;
  partials: Record<string, string>;
  injects: Record<string, unknown>;
  locale: string;
  now: number;
}

interface RefCompiler {
  parse(source: string): { code: unknown };
  execute(options: {
    code: unknown;
    json: unknown;
    partials: Record<string, string>;
    injects: Record<string, unknown>;
    cldr: unknown;
    now: number;
    enableExpr: boolean;
    enableInclude: boolean;
  }): { ctx: { render(): string } };
}

/** The reference's registries, as its public exports name them. */
export const referenceFormatterNames: readonly string[] = Object.keys(reference.Formatters);
export const referencePredicateNames: readonly string[] = Object.keys(reference.Predicates);

const framework = new CLDRFramework({ loader: (language: string): unknown => diffPacks[language] });
const cldrs = new Map<string, CLDR | undefined>();

function cldrOf(locale: string): CLDR | undefined {
  if (locale === 'none') return undefined;
  if (!cldrs.has(locale)) cldrs.set(locale, framework.get(locale.replace(/_/g, '-')));
  return cldrs.get(locale);
}

// The package's declared CLDR type comes from its own copy of @phensley/cldr-core: the
// compiler is typed here by what the harness uses of it.
const RefCompilerClass = reference.Compiler as unknown as new (options: object) => RefCompiler;
const compiler = new RefCompilerClass({
  formatters: reference.Formatters,
  predicates: reference.Predicates,
});

/**
 * Data as a site's JSON gives it: generated values JSON cannot hold (NaN, objects without a
 * prototype, undefined members) become what reading the printed case back gives, so every
 * reported difference reproduces from its printout. Each render gets its own copy, too: the
 * reference may decorate the data it renders.
 */
export function asJson<T>(v: T): T {
  const text = JSON.stringify(v);
  return text === undefined ? v : (JSON.parse(text) as T);
}

/** The reference's output, or an Error when the reference itself throws. */
export function renderReference(input: DiffInput): string | Error {
  try {
    const { code } = compiler.parse(input.template);
    const result = compiler.execute({
      code,
      json: asJson(input.context),
      partials: input.partials,
      injects: asJson(input.injects),
      cldr: cldrOf(input.locale),
      now: input.now,
      enableExpr: true,
      enableInclude: true,
    });
    return result.ctx.render();
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
