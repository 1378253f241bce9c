// The gallery-* predicates read the option set of src/shared/gallery (docs/behaviour/galleries-and-images.md#gallery-option-set).
import { describe, expect, it } from 'vitest';
import {
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_DEFAULTS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  GALLERY_TEMPLATE_FLAGS,
} from '../../../shared/gallery/enums.ts';
import { createEngine } from '../../index.ts';

const engine = createEngine();
const test = (predicate: string, options: Record<string, unknown>): boolean =>
  engine.render(`{.section block}{.${predicate}?}yes{.or}no{.end}{.end}`, {
    block: { options },
  }).output === 'yes';

describe('gallery predicates', () => {
  it('test each template flag of the option set', () => {
    expect([...GALLERY_TEMPLATE_FLAGS]).toEqual([
      'autoplay',
      'auto-crop',
      'controls',
      'lightbox',
      'square-thumbs',
      'show-meta',
      'show-meta-on-hover',
      'thumbnails',
    ]);
    for (const flag of GALLERY_TEMPLATE_FLAGS) {
      expect(test(`gallery-${flag}`, { [flag]: true }), flag).toBe(true);
      expect(test(`gallery-${flag}`, { [flag]: false }), flag).toBe(false);
      // As in the reference, the text 'true' and whole numbers but 0 set a flag too.
      expect(test(`gallery-${flag}`, { [flag]: 'true' }), flag).toBe(true);
      expect(test(`gallery-${flag}`, { [flag]: 0.5 }), flag).toBe(false);
    }
  });

  it('test each design, meta position and active alignment of the enumerations', () => {
    const enumerations = [
      ['design', 'gallery-design', GALLERY_DESIGNS],
      ['meta-position', 'gallery-meta-position', GALLERY_META_POSITIONS],
      ['active-alignment', 'gallery-active-alignment', GALLERY_ACTIVE_ALIGNMENTS],
    ] as const;
    for (const [option, prefix, values] of enumerations) {
      for (const value of values) {
        for (const other of values)
          expect(test(`${prefix}-${other}`, { [option]: value }), `${option}=${value}`).toBe(
            other === value,
          );
      }
    }
  });

  it('see the defaults when the renderer completes the options, and only then', () => {
    expect(test('gallery-auto-crop', {})).toBe(false);
    expect(test('gallery-auto-crop', { ...GALLERY_DEFAULTS })).toBe(true);
    expect(test('gallery-design-grid', { ...GALLERY_DEFAULTS })).toBe(true);
    expect(test('gallery-meta-position-bottom', { ...GALLERY_DEFAULTS })).toBe(true);
    expect(test('gallery-active-alignment-center', { ...GALLERY_DEFAULTS })).toBe(true);
  });
});
