import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { IslandRenderer, islandsIn } from './islands.ts';

/** A stand-in island that counts its server renders. */
function countingIsland() {
  const renders = { count: 0 };
  function Greeting(props: Record<string, unknown>) {
    renders.count += 1;
    return createElement('span', null, `Hello ${String(props.name)}`);
  }
  return { renders, components: new Map([['CartCount' as const, Greeting]]) };
}

describe('IslandRenderer', () => {
  it('wraps the HTML in the island element with its name, directive and props as inert JSON', () => {
    const { components } = countingIsland();
    const html = new IslandRenderer(components).render('CartCount', { name: '<b>"x"</b>' }, 'idle');
    expect(html).toBe(
      '<vitrine-island data-island="CartCount" data-hydrate="idle" ' +
        'data-props="{&quot;name&quot;:&quot;&lt;b&gt;\\&quot;x\\&quot;&lt;/b&gt;&quot;}">' +
        '<span>Hello &lt;b&gt;&quot;x&quot;&lt;/b&gt;</span></vitrine-island>',
    );
    expect(islandsIn(html)).toEqual(new Set(['CartCount']));
  });

  it('renders the same props once and serves the same HTML after', () => {
    const { renders, components } = countingIsland();
    const islands = new IslandRenderer(components);
    const first = islands.render('CartCount', { name: 'Ada' });
    expect(islands.render('CartCount', { name: 'Ada' })).toBe(first);
    expect(renders.count).toBe(1);
    expect(islands.render('CartCount', { name: 'Grace' })).toContain('Hello Grace');
    expect(islands.render('CartCount', { name: 'Ada' }, 'visible')).toContain(
      'data-hydrate="visible"',
    );
    expect(renders.count).toBe(3);
  });

  it('keeps at most its bound, dropping the least recently used render', () => {
    const { renders, components } = countingIsland();
    const islands = new IslandRenderer(components, 2);
    islands.render('CartCount', { name: 'a' });
    islands.render('CartCount', { name: 'b' });
    islands.render('CartCount', { name: 'a' }); // b is now the least recent
    islands.render('CartCount', { name: 'c' }); // drops b
    expect(renders.count).toBe(3);
    islands.render('CartCount', { name: 'a' });
    islands.render('CartCount', { name: 'c' });
    expect(renders.count).toBe(3);
    islands.render('CartCount', { name: 'b' });
    expect(renders.count).toBe(4);
  });

  it('refuses an island whose component was not loaded', () => {
    expect(() => new IslandRenderer(new Map()).render('CartCount', {})).toThrow(
      'Island CartCount is not loaded',
    );
  });
});
