// The escaping policy's lint mode: reports variables printed into HTML without an
// escaping formatter, so merchant templates can be reviewed before they go live.
import type { Node } from './ast.ts';
import { assemble } from './assembler.ts';
import { LineMap, makeError } from './errors.ts';
import type { TemplateError } from './plugins/types.ts';
import { scan } from './scanner.ts';

export const UNESCAPED_OUTPUT = 'UNESCAPED_OUTPUT';

/**
 * Formatters that hand text through unchanged (or nearly): ending a chain with one of
 * them prints the data as HTML. Every other formatter escapes, encodes, produces numbers
 * or builds its own markup from escaped parts.
 */
export const PASS_THROUGH_FORMATTERS: ReadonlySet<string> = new Set([
  'truncate',
  'str',
  'capitalize',
  'format',
  'get',
  'lookup',
  'prop',
  'key-by',
  'find-first',
  'find-last',
  'smartypants',
  'encode-space',
  'line-breaks',
  'output',
  'cycle',
  'raw',
  'message',
  'plural',
]);

function visit(nodes: readonly Node[], out: TemplateError[]): void {
  for (const n of nodes) {
    switch (n.kind) {
      case 'variable': {
        const last = n.formatters[n.formatters.length - 1];
        if (!last || PASS_THROUGH_FORMATTERS.has(last.name)) {
          const what = n.paths.map((p) => p.raw).join(',');
          const how = last ? `ends with |${last.name}` : 'has no formatter';
          out.push(
            makeError(
              UNESCAPED_OUTPUT,
              `{${what}} ${how}: add |html or |htmlattr, or mark trusted HTML with {# trusted } before it`,
              n.line,
              n.column,
            ),
          );
        }
        break;
      }
      case 'section':
      case 'repeated':
      case 'predicate':
      case 'if':
        visit(n.body, out);
        if (n.kind === 'repeated' && n.alternates) visit(n.alternates, out);
        if (n.alt) visit([n.alt], out);
        break;
      case 'or':
      case 'macro':
        visit(n.body, out);
        break;
      case 'text':
      case 'bindvar':
      case 'ctxvar':
      case 'include':
      case 'inject':
      case 'eval':
        break;
    }
  }
}

/**
 * The annotation that lets the tag right after it print unescaped: the template says the
 * value is trusted HTML (the owner's rich text, a rendered page), e.g. `{# trusted }{@}`.
 */
export const TRUSTED_ANNOTATION = /\{#\s*trusted\s*\}/g;

/** Positions ("line:column") of the tags that directly follow a trusted annotation. */
function trustedPositions(source: string): Set<string> {
  const lines = new LineMap(source);
  const out = new Set<string>();
  for (const m of source.matchAll(TRUSTED_ANNOTATION)) {
    const p = lines.position(m.index + m[0].length);
    out.add(`${p.line}:${p.column}`);
  }
  return out;
}

/** Lints a template for unescaped output; syntax errors are not repeated here. */
export function lintEscaping(
  source: string,
  isFormatter: (name: string) => boolean = () => true,
): TemplateError[] {
  const ignored: TemplateError[] = [];
  const tree = assemble(scan(source, ignored, isFormatter), ignored);
  const out: TemplateError[] = [];
  visit(tree, out);
  if (out.length === 0 || !source.includes('{#')) return out;
  const trusted = trustedPositions(source);
  return out.filter((e) => !trusted.has(`${e.line}:${e.column}`));
}
