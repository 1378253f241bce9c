/**
 * Every `vitrine` command answers --help and -h with its usage, exit code 0 and nothing on
 * stderr, without opening a database (the process-level check is test/integration/cli.int.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from './cli-commands.ts';

const COMMANDS = [
  'start',
  'serve',
  'dev',
  'migrate',
  'import',
  'export',
  'backup',
  'restore',
  'jobs',
  'owner',
];

describe('vitrine --help', () => {
  let out: string[];
  let err: string[];
  beforeEach(() => {
    out = [];
    err = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
    process.exitCode = undefined;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it.each([[[]], [['--help']], [['-h']], [['help']]])('%j prints every command', async (args) => {
    await runCli(args);
    expect(err).toEqual([]);
    expect(process.exitCode).toBeUndefined();
    const text = out.join('\n');
    expect(text).toMatch(/^Usage: vitrine <command> \[--help\]/);
    for (const command of COMMANDS) expect(text).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it.each(
    COMMANDS.flatMap((command) => [
      [command, '--help'],
      [command, '-h'],
    ]),
  )('%s %s prints that command’s usage', async (command, flag) => {
    await runCli([command, flag]);
    expect(err).toEqual([]);
    expect(process.exitCode).toBeUndefined();
    expect(out.join('\n')).toMatch(new RegExp(`^Usage: vitrine ${command}\\b.*\\n\\n\\S`));
  });

  it('refuses an unknown command with the usage and exit code 1', async () => {
    await runCli(['frobnicate']);
    expect(process.exitCode).toBe(1);
    expect(err.join('\n')).toMatch(/^Unknown command "frobnicate"\.\n\nUsage: vitrine <command>/);
  });

  it('refuses arguments a command does not take, before doing anything', async () => {
    await runCli(['migrate', 'now']);
    expect(process.exitCode).toBe(1);
    expect(err.join('\n')).toBe('migrate takes no arguments.\n\nUsage: vitrine migrate');
  });

  it.each([[['jobs']], [['jobs', 'later']]])(
    '%j prints the usage of jobs run and exit code 1, before opening a database',
    async (args) => {
      await runCli(args);
      expect(process.exitCode).toBe(1);
      expect(err.join('\n')).toBe('Expected: jobs run.\n\nUsage: vitrine jobs run');
    },
  );
});
