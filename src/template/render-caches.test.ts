// The render path remembers work (formatted amounts, partials looked up, per-item memos):
// what it remembers must never change what a template prints.
import { describe, expect, it } from 'vitest';
import { createEngine } from './index.ts';

const usd = (decimalValue: string) => ({ decimalValue, currencyCode: 'USD' });
const eur = (decimalValue: string) => ({ decimalValue, currencyCode: 'EUR' });

/** What `template` prints alone, on an engine that has remembered nothing yet. */
const fresh = (template: string, ctx: unknown): string =>
  createEngine().render(template, ctx).output;

describe('remembered money amounts', () => {
  it('tells the same amount in two currencies and two amounts in one currency apart', () => {
    // One tag prints them all: amounts are remembered per tag's options.
    const items = [usd('10.00'), eur('10.00'), usd('12.50'), usd('10.00')];
    const out = createEngine().render('{.repeated section items}{@|money}|{.end}', { items });
    const [a, b, c] = items.map((m) => fresh('{m|money}', { m }));
    expect(new Set([a, b, c]).size).toBe(3);
    expect(out.output).toBe(`${a}|${b}|${c}|${a}|`);
  });

  it('keeps amounts formatted for other locales apart', () => {
    const engine = createEngine();
    const page = engine.compile('{m|money}').template;
    const ctx = { m: eur('1234567.50') };
    const other = engine.render(page, ctx, { locale: 'en-IN' }).output;
    const english = engine.render(page, ctx, { locale: 'en-US' }).output;
    expect(other).not.toBe(english);
    expect(engine.render(page, ctx, { locale: 'en-IN' }).output).toBe(other);
    expect(english).toBe(fresh('{m|money}', ctx));
  });

  it('keeps amounts formatted with other options apart', () => {
    const ctx = { a: usd('10.00') };
    const engine = createEngine();
    const out = engine.render('{a|money}|{a|money style:code}|{a|money}', ctx).output;
    const plain = fresh('{a|money}', ctx);
    const coded = fresh('{a|money style:code}', ctx);
    expect(plain).not.toBe(coded);
    expect(out).toBe(`${plain}|${coded}|${plain}`);
  });
});

describe('partials looked up during a render', () => {
  it('lets a macro defined after an apply take the name for later applies', () => {
    const engine = createEngine();
    const out = engine.render(
      '{@|apply card}{.macro card}macro{.end}{@|apply card}',
      {},
      { partials: { card: 'partial' } },
    );
    expect(out.output).toBe('partialmacro');
  });

  it('reports a missing partial at every apply', () => {
    const engine = createEngine();
    const out = engine.render('{@|apply none}{@|apply none}', {}, { partials: {} });
    expect(out.errors.filter((e) => e.message.includes('"none"'))).toHaveLength(2);
  });

  it('reads each render’s own partials', () => {
    const engine = createEngine();
    const page = engine.compile('{.repeated section items}{@|apply card}{.end}').template;
    const ctx = { items: [1, 2] };
    expect(engine.render(page, ctx, { partials: { card: 'a{@}' } }).output).toBe('a1a2');
    expect(engine.render(page, ctx, { partials: { card: 'b{@}' } }).output).toBe('b1b2');
  });
});

describe('per-item memos', () => {
  it('answers stock questions of each product from its own variants', () => {
    const product = (qtyInStock: number, onSale: boolean) => ({
      structuredContent: { productType: 1, variants: [{ qtyInStock, onSale }] },
    });
    const ctx = { products: [product(0, true), product(3, false), product(0, false)] };
    const t =
      '{.repeated section products}{.sold-out?}S{.or}s{.end}{.on-sale?}O{.or}o{.end}{.sold-out?}S{.or}s{.end}{.end}';
    expect(createEngine().render(t, ctx).output).toBe('SOSsosSoS');
  });
});
