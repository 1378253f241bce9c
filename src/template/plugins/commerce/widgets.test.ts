// Every widget formatter (commerce, social, media) hands its node and arguments to the
// host's renderer and prints what it returns, or nothing for a widget it does not know.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../index.ts';
import { CONTENT_WIDGETS } from '../content/widgets.ts';
import { SOCIAL_WIDGETS } from '../social/widgets.ts';
import { COMMERCE_WIDGETS } from './widgets.ts';

const ALL = [...COMMERCE_WIDGETS, ...SOCIAL_WIDGETS, ...CONTENT_WIDGETS];

describe('widget formatters', () => {
  it('render through the host with the node and arguments', () => {
    const calls: unknown[] = [];
    const engine = createEngine({
      widgets: (name, node, args) => {
        calls.push({ name, node, args });
        return `<div data-island="${name}"></div>`;
      },
    });
    for (const name of ALL) {
      calls.length = 0;
      const { output, errors } = engine.render(`{item|${name} a b}`, { item: { id: 'x' } });
      expect(errors, name).toEqual([]);
      expect(output, name).toBe(`<div data-island="${name}"></div>`);
      expect(calls, name).toEqual([{ name, node: { id: 'x' }, args: ['a', 'b'] }]);
    }
  });

  it('print nothing when the host does not know the widget or has no renderer', () => {
    const unknown = createEngine({ widgets: () => undefined });
    const none = createEngine();
    for (const name of ALL) {
      expect(unknown.render(`[{@|${name}}]`, {}).output, name).toBe('[]');
      expect(none.render(`[{@|${name}}]`, {}).output, name).toBe('[]');
    }
  });
});
