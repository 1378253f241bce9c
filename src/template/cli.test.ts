// The jsont CLI end to end: batch on stdin, render from files, usage errors.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const run = (args: string[], input = '') =>
  execFileSync(process.execPath, ['--import', 'tsx', cli, ...args], { input, encoding: 'utf8' });

describe('jsont CLI', () => {
  it('batch renders cases from stdin as [{ id, output, errors }]', () => {
    const cases = [
      { id: 'a', category: 'core', template: '{x|html}', context: { x: '<b>' }, expected: '' },
      {
        id: 'b',
        category: 'i18n',
        template: '{n|decimal}',
        context: { n: '1234.5' },
        options: { locale: 'de-DE' },
        expected: '',
      },
      { id: 'c', category: 'core', template: '{x|nope}', context: {}, expected: '' },
    ];
    const out = JSON.parse(run(['batch'], JSON.stringify(cases))) as {
      id: string;
      output: string;
      errors: { code: string }[];
    }[];
    expect(out.map((r) => [r.id, r.output])).toEqual([
      ['a', '&lt;b&gt;'],
      ['b', '1.234,5'],
      ['c', '{x|nope}'],
    ]);
    expect(out[2]?.errors[0]?.code).toBe('FORMATTER_UNKNOWN');
  }, 20_000);

  it('renders a template file with a JSON file, errors on stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsont-'));
    writeFileSync(join(dir, 't.html'), 'Hi {name|html}{.end}');
    writeFileSync(join(dir, 'd.json'), '{"name":"<Ann>"}');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', cli, 'render', join(dir, 't.html'), join(dir, 'd.json')],
      { encoding: 'utf8' },
    );
    expect(r.stdout).toBe('Hi &lt;Ann&gt;');
    expect(r.stderr).toContain('NOT_ALLOWED_HERE');
    expect(r.status).toBe(0);
  }, 20_000);

  it('prints usage for an unknown command', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', cli, 'nope'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: jsont batch');
  }, 20_000);
});
