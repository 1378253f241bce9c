/**
 * Hostile templates against the render budgets (docs/adr/003). Each known shape (deep
 * recursion, exponential partials, huge repeats, giant strings) must end through a budget of
 * work (steps, output and value sizes), never run on, with a clock that never moves: no test
 * here depends on speed. The wall budget stays as a last-resort net, tested with a clock that
 * advances a fixed step per read. How long a hostile render holds the process, and that
 * another request is served meanwhile, is measured by `npm run bench` (bench/hostile.ts).
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors.ts';
import { DEFAULT_BUDGETS, createEngine, TIME_CHECK_INTERVAL, WORK_UNIT } from './index.ts';
import { grid, HOSTILE_SHAPES, type HostileShape } from './testing/hostile-shapes.ts';

/** The page budget of the server (src/server/render/site-routes.ts). */
const WALL_MS = 50;

function steppingClock(stepMs: number): { clock: () => number; reads: () => number } {
  let now = 0;
  let reads = 0;
  return {
    clock: () => {
      reads++;
      now += stepMs;
      return now;
    },
    reads: () => reads,
  };
}

const HOSTILE: Record<string, HostileShape> = {
  ...HOSTILE_SHAPES,
  'giant captured macro': {
    template: `{.macro m}{.repeated section a}{.repeated section b}0123456789{.end}{.end}{.end}{.var @v @|apply m}{@v}`,
    context: grid(400),
  },
};

const NORMAL = {
  template: '<h1>{title|html}</h1>{.repeated section xs}<i>{@}</i>{.end}',
  context: { title: 'Shop & co', xs: [1, 2] },
};

/** The most one render can spend: its step budget, plus the last charge (a value at most). */
const MOST_STEPS = DEFAULT_BUDGETS.instructions + DEFAULT_BUDGETS.valueSize / WORK_UNIT;

describe('hostile templates end through the work budget, whatever the clock says', () => {
  for (const [shape, c] of Object.entries(HOSTILE)) {
    it(`${shape}: stopped by a work budget after bounded steps`, () => {
      const engine = createEngine({ clock: () => 0 });
      const meter = { steps: 0 };
      const result = engine.render(c.template, c.context, { partials: c.partials, meter });
      const budgetErrors = result.errors.filter((e) => e.code.startsWith('BUDGET_'));
      expect(budgetErrors.map((e) => e.code)).toHaveLength(1);
      expect(budgetErrors[0]?.code).not.toBe(ErrorCode.BudgetTime);
      expect(meter.steps).toBeLessThanOrEqual(MOST_STEPS);
      // Printing is charged too, so the step budget also bounds the output.
      expect(result.output.length).toBeLessThanOrEqual(DEFAULT_BUDGETS.instructions * WORK_UNIT);
      const after = engine.render(NORMAL.template, NORMAL.context);
      expect(after).toEqual({ output: '<h1>Shop &amp; co</h1><i>1</i><i>2</i>', errors: [] });
    });
  }

  it('charges printed and built text by size: one step per WORK_UNIT characters', () => {
    const engine = createEngine({ clock: () => 0 });
    const steps = (template: string, context: unknown): number => {
      const meter = { steps: 0 };
      engine.render(template, context, { meter });
      return meter.steps;
    };
    const small = steps('{s}', { s: 'x' });
    const large = steps('{s}', { s: 'x'.repeat(WORK_UNIT * 100) });
    expect(large - small).toBe(100);
  });

  it('an honest page spends a small share of the step budget', () => {
    const engine = createEngine({ clock: () => 0 });
    const meter = { steps: 0 };
    const products = Array.from({ length: 50 }, (_, i) => ({
      title: `Mug ${i}`,
      variants: [{ sku: `a${i}` }, { sku: `b${i}` }],
    }));
    engine.render(
      '<ul>{.repeated section products}<li>{title|html}{.repeated section variants}<i>{sku|html}</i>{.end}</li>{.end}</ul>',
      { products },
      { meter },
    );
    expect(meter.steps).toBeGreaterThan(0);
    expect(meter.steps).toBeLessThan(DEFAULT_BUDGETS.instructions / 50);
  });
});

describe('the wall budget is the last-resort net', () => {
  for (const [shape, c] of Object.entries(HOSTILE)) {
    it(`${shape}: stopped by a budget, with bounded work, and the next render is untouched`, () => {
      // One millisecond per clock read: the wall budget is spent after WALL_MS reads.
      const time = steppingClock(1);
      const engine = createEngine({ budgets: { wallTimeMs: WALL_MS }, clock: time.clock });
      const result = engine.render(c.template, c.context, { partials: c.partials });
      const codes = result.errors.map((e) => e.code);
      const stoppedBy = codes.filter((code) => code.startsWith('BUDGET_'));
      expect(stoppedBy.length, `${shape}: ${codes.join(',')}`).toBe(1);
      // The clock was read at most once per TIME_CHECK_INTERVAL instructions, and the render
      // stopped within one interval of the budget running out.
      expect(time.reads()).toBeLessThanOrEqual(WALL_MS + 2);
      expect(result.output.length).toBeLessThanOrEqual(1024 * 1024);

      const after = engine.render(NORMAL.template, NORMAL.context);
      expect(after).toEqual({ output: '<h1>Shop &amp; co</h1><i>1</i><i>2</i>', errors: [] });
    });
  }

  it('reads the clock every TIME_CHECK_INTERVAL instructions, so costly steps cannot run long', () => {
    const time = steppingClock(0);
    const engine = createEngine({ clock: time.clock });
    const items = Array.from({ length: TIME_CHECK_INTERVAL * 10 }, (_, i) => i);
    engine.render('{.repeated section items}{@}{.end}', { items });
    // One read to start the budget, then one per interval of the ~2 instructions per item.
    expect(time.reads()).toBeGreaterThanOrEqual(1 + 10 * 2 - 1);
    expect(TIME_CHECK_INTERVAL).toBeLessThanOrEqual(32);
  });

  it('caps values built by {.eval} and by macros captured with |apply (BUDGET_VALUE_SIZE)', () => {
    const engine = createEngine({ budgets: { valueSize: 1000 } });
    const grown = engine.render(
      `{.eval @s = "0123456789"}${'{.eval @s = @s + @s}'.repeat(8)}ok`,
      {},
    );
    expect(grown.errors.map((e) => e.code)).toEqual([ErrorCode.BudgetValue]);
    expect(grown.output).toBe('');
    const captured = engine.render(
      '{.macro m}{.repeated section a}0123456789{.end}{.end}{.var @v @|apply m}{@v}',
      { a: Array.from({ length: 101 }, (_, i) => i) },
    );
    expect(captured.errors.map((e) => e.code)).toEqual([ErrorCode.BudgetValue]);
    // Under the cap the same macro renders.
    const fits = engine.render(
      '{.macro m}{.repeated section a}0123456789{.end}{.end}{.var @v @|apply m}{@v}',
      {
        a: Array.from({ length: 100 }, (_, i) => i),
      },
    );
    expect(fits.errors).toEqual([]);
    expect(fits.output.length).toBe(1000);
  });
});
