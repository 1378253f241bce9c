/**
 * Escaping deviations (docs/adr/002) the harness found in comment-link and product-price:
 * we escape what the reference writes as it is, and the harness explains exactly those cases.
 */
import { describe, expect, it } from 'vitest';
import { explainedBy } from './testing/explained-by.ts';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

describe('comment-link-escaped', () => {
  const t = '{a|comment-link}';
  const link = (url: string, id: string): string =>
    `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  \n  Comments\n  </a>\n`;

  it("escapes the item's address and id; the reference writes them as they are", () => {
    // The harness's shrunk case: an id of [">"].
    expect(render(t, { a: { id: ['>'] } })).toBe(link('', '&gt;'));
    expect(explainedBy(t, { a: { id: ['>'] } }, link('', '>'))).toBe('comment-link-escaped');
    const context = { a: { id: '"x', fullUrl: '/p?a=1&b=<' } };
    expect(render(t, context)).toBe(link('/p?a=1&amp;b=&lt;', '&quot;x'));
    expect(explainedBy(t, context, link('/p?a=1&b=<', '"x'))).toBe('comment-link-escaped');
  });

  it('explains nothing else: another count is no escaping difference', () => {
    const other = link('', '>').replace('\n  \n  Comments', '\n  2\n  Comments');
    expect(explainedBy(t, { a: { id: ['>'] } }, other)).toBeNull();
  });
});

describe('price-unavailable-escaped', () => {
  const t = '{item|product-price}';
  const block = (text: string): string => `\n\n\n<div class="product-price">\n${text}\n\n</div>`;
  const context = {
    item: { structuredContent: { productType: 1, isSubscribable: true } },
    localizedStrings: { productPriceUnavailable: '<b>bold</b> & "q"' },
  };

  it('escapes the site\'s "price unavailable" text; the reference writes it as it is', () => {
    // The harness's shrunk case: a subscribable product without a plan.
    expect(render(t, context)).toBe(block('&lt;b&gt;bold&lt;/b&gt; &amp; "q"'));
    expect(explainedBy(t, context, block('<b>bold</b> & "q"'))).toBe('price-unavailable-escaped');
  });

  it('explains nothing else: other text is no escaping difference', () => {
    expect(explainedBy(t, context, block('<b>bold</b>'))).toBeNull();
  });
});
