/**
 * `vitrine import` lints the theme the site renders through before it touches the database: a
 * template printing a value without an escaping formatter or a `{# trusted }` annotation
 * refuses the import with each finding's file and position, and exit code 1.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from './cli-commands.ts';
import { DEMO_SITE_FILE } from './main.ts';
import type * as DbModule from './db/index.ts';
import type * as ThemeModule from './render/theme.ts';

const theme = vi.hoisted(() => ({ directory: '' }));
const opened = vi.hoisted(() => ({ count: 0 }));

vi.mock('./render/theme.ts', async (original) => ({
  ...(await original<typeof ThemeModule>()),
  get DEFAULT_THEME_DIR() {
    return theme.directory;
  },
}));
vi.mock('./db/index.ts', async (original) => {
  const real = await original<typeof DbModule>();
  return {
    ...real,
    openDatabase: (...args: Parameters<typeof real.openDatabase>) => {
      opened.count++;
      return real.openDatabase(...args);
    },
  };
});

const scratch = mkdtempSync(path.join(tmpdir(), 'vitrine-import-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('vitrine import of a site whose theme templates print unescaped values', () => {
  let err: string[];
  beforeEach(() => {
    err = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
    process.exitCode = undefined;
    opened.count = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('is refused with every finding, before any database is opened', async () => {
    theme.directory = path.join(scratch, 'changed');
    mkdirSync(path.join(theme.directory, 'partials'), { recursive: true });
    writeFileSync(
      path.join(theme.directory, 'item.jsont'),
      '<h1>{title|html}</h1>\n<div>{# trusted }{body}</div>\n<p>{excerpt}</p>',
    );
    writeFileSync(
      path.join(theme.directory, 'partials', 'price.jsont'),
      '<b>{price|truncate 3}</b>',
    );
    await runCli(['import', DEMO_SITE_FILE]);
    expect(process.exitCode).toBe(1);
    expect(err.join('\n')).toBe(
      [
        'The theme prints unescaped values:',
        'item.jsont:3:4 {excerpt} has no formatter: add |html or |htmlattr, or mark trusted HTML with {# trusted } before it',
        'partials/price.jsont:1:4 {price} ends with |truncate: add |html or |htmlattr, or mark trusted HTML with {# trusted } before it',
      ].join('\n'),
    );
    expect(opened.count).toBe(0);
  });

  it('lets the annotation and escaping formatters through: the lint has nothing to say', async () => {
    theme.directory = path.join(scratch, 'clean');
    mkdirSync(theme.directory, { recursive: true });
    writeFileSync(
      path.join(theme.directory, 'item.jsont'),
      '<h1>{title|html}</h1>{# trusted }{body}<a href="{fullUrl|htmlattr}">{price|money}</a>',
    );
    const { lintTheme } = await import('./render/theme-lint.ts');
    expect(await lintTheme()).toEqual([]);
  });
});
