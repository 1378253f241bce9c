// The names check: the formatters and predicates our engine registers against the
// reference's registry. Every name on one side only must be listed in docs/adr/002's
// "Registry differences" table with a reason.
import { COMMERCE_WIDGETS } from '../plugins/commerce/widgets.ts';
import { CONTENT_WIDGETS } from '../plugins/content/widgets.ts';
import { builtinFamilies, mergeFamilies } from '../plugins/registry.ts';
import { SOCIAL_WIDGETS } from '../plugins/social/widgets.ts';

/**
 * Widget formatters whose reference output is markup for the reference vendor's own
 * scripts: we register them, but they render our React islands, so the harness does not
 * compare them (the conformance README leaves them out for the same reason).
 */
export const WIDGET_FORMATTERS: ReadonlySet<string> = new Set([
  ...COMMERCE_WIDGETS,
  ...SOCIAL_WIDGETS,
  ...CONTENT_WIDGETS,
]);

export interface NamesDiff {
  formatters: { missing: string[]; extra: string[] };
  predicates: { missing: string[]; extra: string[] };
}

const minus = (a: readonly string[], b: readonly string[]): string[] => {
  const set = new Set(b);
  return a.filter((x) => !set.has(x)).sort();
};

/** Names the reference registers that we do not (missing), and ours alone (extra). */
export function namesDiff(reference: {
  formatters: readonly string[];
  predicates: readonly string[];
}): NamesDiff {
  const ours = mergeFamilies(builtinFamilies);
  const f = Object.keys(ours.formatters);
  const p = Object.keys(ours.predicates);
  return {
    formatters: { missing: minus(reference.formatters, f), extra: minus(f, reference.formatters) },
    predicates: { missing: minus(reference.predicates, p), extra: minus(p, reference.predicates) },
  };
}
