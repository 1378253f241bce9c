/**
 * Hostile JSON-T templates against the render budgets: how long each known shape (deep
 * recursion, exponential partials, huge repeats, giant strings) holds the process before its
 * work budget stops it, and how long another request waits meanwhile. One HTTP server renders
 * the hostile template on one route and answers a plain route; the client sends the hostile
 * request, then the plain one at once, and times the plain answer; the render's own duration is
 * how long the process is blocked (the plain request can arrive part-way). The figure beside each is
 * the reference: a hostile template may block the process for at most 100 ms. The wall clock
 * is set far off so only the work budgets stop the renders.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEngine } from '../src/template/index.ts';
import { HOSTILE_SHAPES, type HostileShape } from '../src/template/testing/hostile-shapes.ts';
import { printResult, printTable } from './lib/measure.ts';

const LIMIT_MS = 100;
const ROUNDS = 5;

const SHAPES: Record<string, HostileShape> = {
  ...HOSTILE_SHAPES,
  'giant JSON': {
    template: '{.repeated section a}{@|json}{.end}',
    context: { a: Array.from({ length: 5000 }, () => ({ s: 'x'.repeat(2000) })) },
  },
};

const engine = createEngine({ budgets: { wallTimeMs: 60_000 } });
let shape = 'huge repeats';
let lastCode = '';
let lastRenderMs = 0;
const server = createServer((req, res) => {
  if (req.url === '/hostile') {
    const c = SHAPES[shape];
    if (c) {
      const t0 = performance.now();
      const result = engine.render(c.template, c.context, { partials: c.partials });
      lastRenderMs = performance.now() - t0;
      lastCode = result.errors.find((e) => e.code.startsWith('BUDGET_'))?.code ?? 'none';
    }
  }
  res.end('ok');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const rows: Record<string, string | number>[] = [];
const result: Record<string, number> = {};
for (const name of Object.keys(SHAPES)) {
  shape = name;
  await fetch(`${base}/hostile`); // warm up: compile the template and partials once
  const waits: number[] = [];
  const renders: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const hostile = fetch(`${base}/hostile`).then((r) => r.text());
    // Let the hostile request reach the server first, then time the other one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const t0 = performance.now();
    await fetch(`${base}/plain`).then((r) => r.text());
    waits.push(performance.now() - t0);
    await hostile;
    renders.push(lastRenderMs);
  }
  const wait = median(waits);
  const blocked = median(renders);
  result[name] = Math.round(blocked);
  rows.push({
    shape: name,
    'stopped by': lastCode,
    'process blocked (ms, median)': Math.round(blocked),
    'other request waited (ms, median)': Math.round(wait),
    'limit (ms)': LIMIT_MS,
  });
}
server.close();
printTable(rows);
printResult({ bench: 'hostile', limitMs: LIMIT_MS, blockedMs: result });
