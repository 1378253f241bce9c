/**
 * JSON-T rendering: the same product-list page (a partial per product, a variant loop,
 * money, sold-out/on-sale logic, escaping) rendered by Vitrine's engine, by the reference
 * engine (@squarespace/template-engine, used only as a black box) and by Handlebars, at
 * 50 and 200 products. Outputs are checked byte-identical first; then median renders/s.
 * Every engine at its best: templates parsed once, CLDR en-US loaded once for the
 * reference; Vitrine's render takes the partial as source and compiles it once (cache).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CLDRFramework } from '@phensley/cldr';
import * as reference from '@squarespace/template-engine';
import Handlebars from 'handlebars';
import { createEngine } from '../src/template/index.ts';
import { printResult, printTable } from './lib/measure.ts';

const require = createRequire(import.meta.url);

// ---- the page, in JSON-T and in Handlebars ------------------------------------------
const PAGE =
  '<main><h1>{title|html}</h1><ul class="products">{.repeated section products}{@|apply card}{.end}</ul></main>\n';
const CARD = [
  '<li class="product{.sold-out?} sold-out{.end}{.on-sale?} on-sale{.end}" data-id="{id|htmlattr}">',
  '<a href="{fullUrl|htmlattr}"><h2>{title|html}</h2></a>',
  '{.on-sale?}<span class="sale">{salePriceMoney|money}</span> <s>{priceMoney|money}</s>{.or}<span class="price">{priceMoney|money}</span>{.end}',
  '{.sold-out?}<span class="badge">sold out</span>{.end}',
  '<ul class="variants">{.repeated section structuredContent.variants}<li>{sku|html} {optionValues.0.value|html}: {.if unlimited}in stock{.or}{qtyInStock} left{.end}</li>{.end}</ul>',
  '</li>\n',
].join('\n');

const HBS_PAGE =
  '<main><h1>{{title}}</h1><ul class="products">{{#each products}}{{> card}}{{/each}}</ul></main>\n';
const HBS_CARD = [
  '<li class="product{{#if (soldOut this)}} sold-out{{/if}}{{#if (onSale this)}} on-sale{{/if}}" data-id="{{id}}">',
  '<a href="{{fullUrl}}"><h2>{{title}}</h2></a>',
  '{{#if (onSale this)}}<span class="sale">{{money salePriceMoney}}</span> <s>{{money priceMoney}}</s>{{else}}<span class="price">{{money priceMoney}}</span>{{/if}}',
  '{{#if (soldOut this)}}<span class="badge">sold out</span>{{/if}}',
  '<ul class="variants">{{#each structuredContent.variants}}<li>{{sku}} {{optionValues.0.value}}: {{#if unlimited}}in stock{{else}}{{qtyInStock}} left{{/if}}</li>{{/each}}</ul>',
  '</li>\n',
].join('\n');

// ---- data ------------------------------------------------------------------------------
interface Variant {
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
  onSale: boolean;
  optionValues: { optionName: string; value: string }[];
  priceMoney: { value: string; currency: string };
  salePriceMoney: { value: string; currency: string };
}

function product(i: number) {
  const variants: Variant[] = ['Small', 'Medium', 'Large'].map((size, v) => ({
    sku: `SKU-${i}-${v}`,
    unlimited: i % 7 === 0,
    qtyInStock: i % 5 === 0 ? 0 : (i + v) % 9,
    onSale: i % 4 === 0 && v === 0,
    optionValues: [{ optionName: 'Size', value: size }],
    priceMoney: { value: `${20 + (i % 30)}.${v}0`, currency: 'USD' },
    salePriceMoney: { value: `${10 + (i % 10)}.50`, currency: 'USD' },
  }));
  return {
    id: `p${i}`,
    title: `Mug & Saucer <No. ${i}>`,
    fullUrl: `/shop/p/mug-${i}#list&top`,
    priceMoney: { decimalValue: variants[0]?.priceMoney.value ?? '0', currencyCode: 'USD' },
    salePriceMoney: { decimalValue: variants[0]?.salePriceMoney.value ?? '0', currencyCode: 'USD' },
    structuredContent: { productType: 1, variants },
  };
}

function context(n: number) {
  return {
    title: 'Shop & Save <today>',
    website: { timeZone: 'America/New_York' },
    products: Array.from({ length: n }, (_, i) => product(i)),
  };
}

// ---- Handlebars helpers (the same product logic, written for Handlebars) ----------------
type Product = ReturnType<typeof product>;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
Handlebars.registerHelper('money', (m: { decimalValue: string }) =>
  usd.format(Number(m.decimalValue)),
);
Handlebars.registerHelper(
  'soldOut',
  (p: Product) => !p.structuredContent.variants.some((v) => v.unlimited || v.qtyInStock > 0),
);
Handlebars.registerHelper('onSale', (p: Product) =>
  p.structuredContent.variants.some((v) => v.onSale),
);
Handlebars.registerPartial('card', Handlebars.compile(HBS_CARD));
const hbsPage = Handlebars.compile(HBS_PAGE);

// ---- engines ---------------------------------------------------------------------------
const vitrine = createEngine();
const vitrinePage = vitrine.compile(PAGE).template;
const vitrinePartials = { card: CARD };

const cldr = new CLDRFramework({
  loader: (language: string): unknown =>
    JSON.parse(readFileSync(require.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8')),
}).get('en-US');
// The reference is driven only through its public Compiler: parse once, execute per render.
interface RefResult {
  ctx: { render(): string };
}
interface RefCompiler {
  parse(source: string): { code: unknown };
  execute(options: {
    code: unknown;
    json: unknown;
    partials: Record<string, unknown>;
    cldr: unknown;
  }): RefResult;
}
const RefCompilerClass = reference.Compiler as unknown as new (options: object) => RefCompiler;
const ref = new RefCompilerClass({
  formatters: reference.Formatters,
  predicates: reference.Predicates,
});
const refPage = ref.parse(PAGE).code;
const refPartials = { card: ref.parse(CARD).code };

const engines = {
  vitrine: (ctx: unknown) => vitrine.render(vitrinePage, ctx, { partials: vitrinePartials }).output,
  reference: (ctx: unknown) =>
    ref.execute({ code: refPage, json: ctx, partials: refPartials, cldr }).ctx.render(),
  handlebars: (ctx: unknown) => hbsPage(ctx),
};

// ---- run -------------------------------------------------------------------------------
/**
 * Median renders/s per engine over rounds that take turns between the engines, so a
 * busy machine slows every engine alike instead of whichever happened to run then.
 */
function interleaved(
  renderers: Record<string, (ctx: unknown) => string>,
  ctx: unknown,
  { rounds = 9, roundMs = 400, warmupMs = 500 } = {},
): Record<string, number> {
  const rate = (render: (c: unknown) => string, ms: number): number => {
    let count = 0;
    const start = performance.now();
    while (performance.now() - start < ms) {
      render(ctx);
      count += 1;
    }
    return (count * 1_000) / (performance.now() - start);
  };
  const samples: Record<string, number[]> = {};
  for (const [name, render] of Object.entries(renderers)) {
    rate(render, warmupMs);
    samples[name] = [];
  }
  for (let r = 0; r < rounds; r += 1) {
    for (const [name, render] of Object.entries(renderers))
      samples[name]?.push(rate(render, roundMs));
  }
  const medians: Record<string, number> = {};
  for (const [name, list] of Object.entries(samples)) {
    list.sort((a, b) => a - b);
    medians[name] = list[Math.floor(list.length / 2)] ?? 0;
  }
  return medians;
}

const rows: Record<string, string | number>[] = [];
const result: Record<string, number> = {};
for (const size of [50, 200]) {
  const ctx = context(size);
  const outputs = Object.entries(engines).map(([name, render]) => [name, render(ctx)] as const);
  const [, expected] = outputs[0] ?? ['', ''];
  for (const [name, out] of outputs) {
    if (out !== expected) {
      const at = [...out].findIndex((c, i) => c !== expected[i]);
      throw new Error(
        `${name} output differs from vitrine at ${size} products, offset ${at}: ${JSON.stringify(out.slice(at - 40, at + 40))} vs ${JSON.stringify(expected.slice(at - 40, at + 40))}`,
      );
    }
  }
  const measured = interleaved(engines, ctx);
  const refOps = measured.reference ?? 1;
  for (const [name, ops] of Object.entries(measured)) {
    rows.push({
      products: size,
      engine: name,
      'renders/s': Math.round(ops),
      'vs reference': `${(ops / refOps).toFixed(2)}x`,
      'output bytes': expected.length,
    });
    result[`${name}_${size}`] = Math.round(ops);
  }
  result[`ratio_vs_reference_${size}`] = Number(((measured.vitrine ?? 0) / refOps).toFixed(2));
}
printTable(rows);
printResult({ bench: 'template', ...result });
