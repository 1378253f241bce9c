/**
 * `npm run bench [NAME…]`: runs every bench/*.ts (or the named ones) one after another, each in
 * its own process, and checks that each ends with a `RESULT <json>` line.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const BENCH_DIR = import.meta.dirname;

async function benchmarks(names: string[]): Promise<string[]> {
  const all = (await readdir(BENCH_DIR))
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -3))
    .sort();
  const unknown = names.filter((name) => !all.includes(name));
  if (unknown.length > 0)
    throw new Error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${all.join(', ')}`);
  return names.length > 0 ? names : all;
}

function run(name: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, `${name}.ts`)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lastLine: string | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      process.stdout.write(chunk);
      const lines = chunk.split('\n').filter((line) => line.trim() !== '');
      lastLine = lines.at(-1) ?? lastLine;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(lastLine) : reject(new Error(`${name} exited with ${code}`)),
    );
  });
}

const names = await benchmarks(process.argv.slice(2));
let failed = false;
for (const name of names) {
  console.log(`\n== bench/${name}.ts ==`);
  const last = await run(name);
  if (!last?.startsWith('RESULT ')) {
    console.error(`bench/${name}.ts did not end with a RESULT line`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
