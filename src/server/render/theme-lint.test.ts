import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatThemeFindings, lintTheme } from './theme-lint.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'vitrine-theme-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the escaping lint over a theme', () => {
  it('finds nothing in the default theme: every value is escaped or marked trusted', async () => {
    const findings = await lintTheme();
    expect(formatThemeFindings(findings)).toBe('');
  });

  it('reports each unescaped value of a template or partial with its file and position', async () => {
    mkdirSync(path.join(scratch, 'partials'));
    writeFileSync(path.join(scratch, 'page.jsont'), '<h1>{title}</h1>\n<p>{# trusted }{body}</p>');
    writeFileSync(path.join(scratch, 'partials', 'card.jsont'), '<b>{price|truncate 3}</b>');
    expect(formatThemeFindings(await lintTheme(scratch)).split('\n')).toEqual([
      'page.jsont:1:5 {title} has no formatter: add |html or |htmlattr, or mark trusted HTML with {# trusted } before it',
      'partials/card.jsont:1:4 {price} ends with |truncate: add |html or |htmlattr, or mark trusted HTML with {# trusted } before it',
    ]);
  });
});
