/**
 * The escaping lint over a theme: every template and partial of the directory is checked by
 * the engine's lintEscaping. A value printed without an escaping formatter is a finding unless
 * the template marks it as trusted HTML (`{# trusted }` right before the tag). Run by CI over
 * themes/default and by `vitrine import` before a site is imported.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { lintEscaping, type TemplateError } from '../../template/index.ts';
import { DEFAULT_THEME_DIR } from './theme.ts';

export interface ThemeLintFinding extends TemplateError {
  /** The template's path inside the theme ("item.jsont", "partials/product-card.jsont"). */
  readonly file: string;
}

async function templatesIn(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory)).filter((file) => file.endsWith('.jsont')).sort();
  } catch {
    return [];
  }
}

export async function lintTheme(directory = DEFAULT_THEME_DIR): Promise<ThemeLintFinding[]> {
  const findings: ThemeLintFinding[] = [];
  for (const sub of ['', 'partials']) {
    for (const file of await templatesIn(path.join(directory, sub))) {
      const source = await readFile(path.join(directory, sub, file), 'utf8');
      const name = sub === '' ? file : `${sub}/${file}`;
      for (const error of lintEscaping(source)) findings.push({ ...error, file: name });
    }
  }
  return findings;
}

/** One line per finding: `file:line:column message`. */
export function formatThemeFindings(findings: readonly ThemeLintFinding[]): string {
  return findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`).join('\n');
}
