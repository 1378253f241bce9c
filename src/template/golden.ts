// Runs golden cases (the format of ../shared/conformance/jsont/cases.json) through the
// engine; shared by the conformance test and the CLI's `batch` command.
import { createEngine, type Engine } from './index.ts';
import type { TemplateError } from './plugins/types.ts';
import { isRecord } from './values.ts';

export interface GoldenCase {
  id: string;
  category: string;
  template: string;
  context: unknown;
  expected: string;
  partials?: Record<string, string>;
  injects?: Record<string, unknown>;
  options?: { locale?: string; now?: number };
}

export interface GoldenResult {
  id: string;
  output: string;
  errors: TemplateError[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function parseCases(json: unknown): GoldenCase[] {
  if (!Array.isArray(json)) throw new Error('cases must be a JSON array');
  return json.filter(isRecord).map((c) => ({
    id: str(c.id),
    category: str(c.category),
    template: str(c.template),
    context: c.context,
    expected: str(c.expected),
    partials: isRecord(c.partials) ? (c.partials as Record<string, string>) : undefined,
    injects: isRecord(c.injects) ? c.injects : undefined,
    options: isRecord(c.options) ? (c.options as GoldenCase['options']) : undefined,
  }));
}

export function runCase(engine: Engine, c: GoldenCase): GoldenResult {
  const { output, errors } = engine.render(c.template, c.context, {
    partials: c.partials,
    injects: c.injects,
    locale: c.options?.locale,
    now: c.options?.now,
  });
  return { id: c.id, output, errors };
}

/** The golden comparison: both sides trimmed. */
export function passes(c: GoldenCase, output: string): boolean {
  return output.trim() === c.expected.trim();
}

export function runCases(
  cases: readonly GoldenCase[],
  engine: Engine = createEngine(),
): GoldenResult[] {
  return cases.map((c) => runCase(engine, c));
}
