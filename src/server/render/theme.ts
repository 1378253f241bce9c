/**
 * A theme: its JSON-T templates compiled once at boot, and its static assets. Rendering a page
 * does no parsing; compile errors are logged at boot with the template name and position.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Engine, TemplateError } from '../../template/index.ts';

export const DEFAULT_THEME_DIR = path.resolve(import.meta.dirname, '../../../themes/default');
const TEMPLATE_EXTENSION = '.jsont';

type CompiledTemplate = ReturnType<Engine['compile']>['template'];

export interface ThemeRenderResult {
  readonly output: string;
  readonly errors: readonly TemplateError[];
}

export interface ThemeRenderOptions {
  readonly timeZone?: string;
  /** BCP 47 ("fr-FR"); the engine's default (en-US) when absent. */
  readonly locale?: string;
}

export interface Theme {
  readonly directory: string;
  readonly assetDirectory: string;
  has(name: string): boolean;
  /** Renders with the site's time zone and locale (money, dates, numbers in its language). */
  render(name: string, context: unknown, options?: ThemeRenderOptions): ThemeRenderResult;
}

export interface ThemeLoadReport {
  readonly theme: Theme;
  /** Compile errors by template name. */
  readonly errors: ReadonlyMap<string, readonly TemplateError[]>;
}

async function loadPartials(directory: string): Promise<Record<string, string>> {
  let files: string[];
  try {
    files = (await readdir(directory)).filter((file) => file.endsWith(TEMPLATE_EXTENSION));
  } catch {
    return {};
  }
  const entries = await Promise.all(
    files.map(
      async (file) =>
        [
          file.slice(0, -TEMPLATE_EXTENSION.length),
          await readFile(path.join(directory, file), 'utf8'),
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}

export async function loadTheme(
  engine: Engine,
  directory = DEFAULT_THEME_DIR,
): Promise<ThemeLoadReport> {
  const files = (await readdir(directory)).filter((file) => file.endsWith(TEMPLATE_EXTENSION));
  const templates = new Map<string, CompiledTemplate>();
  const errors = new Map<string, readonly TemplateError[]>();
  for (const file of files) {
    const name = file.slice(0, -TEMPLATE_EXTENSION.length);
    const compiled = engine.compile(await readFile(path.join(directory, file), 'utf8'));
    templates.set(name, compiled.template);
    if (compiled.errors.length > 0) errors.set(name, compiled.errors);
  }
  const partials = await loadPartials(path.join(directory, 'partials'));
  // Partials are handed over as source: the engine compiles each once (cached by content hash).
  for (const [name, source] of Object.entries(partials)) {
    const compiled = engine.compile(source);
    if (compiled.errors.length > 0) errors.set(`partials/${name}`, compiled.errors);
  }
  const theme: Theme = {
    directory,
    assetDirectory: path.join(directory, 'assets'),
    has: (name) => templates.has(name),
    render(name, context, options = {}) {
      const template = templates.get(name);
      if (!template) throw new Error(`Theme template ${name}${TEMPLATE_EXTENSION} does not exist`);
      return engine.render(template, context, {
        partials,
        ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        ...(options.locale ? { locale: options.locale } : {}),
      });
    },
  };
  return { theme, errors };
}
