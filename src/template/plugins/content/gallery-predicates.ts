// Gallery predicates: {.gallery-<option>?} tests on a gallery block's `options`, with the
// option names and enumerations of the gallery option set (src/shared/gallery, docs/behaviour/galleries-and-images.md#gallery-option-set).
// They read what the block's options say and apply no defaults (the golden cases expect
// `{.gallery-auto-crop?}` false when the option is absent): the renderer hands templates
// options already completed with their defaults (src/server/render/gallery-block.ts).
import {
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  GALLERY_TEMPLATE_FLAGS,
} from '../../../shared/gallery/enums.ts';
import { walk } from '../../values.ts';
import type { Predicate } from '../types.ts';

const option = (node: unknown, key: string): unknown => walk(node, ['options', key]);

const predicates: Record<string, Predicate> = {
  // True when the gallery shows navigation of its own: arrows (controls) or indicators.
  'gallery-meta?': (node) =>
    option(node, 'controls') === true || option(node, 'indicators') === true,
};

for (const flag of GALLERY_TEMPLATE_FLAGS) {
  predicates[`gallery-${flag}?`] = (node) => option(node, flag) === true;
}
for (const design of GALLERY_DESIGNS) {
  predicates[`gallery-design-${design}?`] = (node) => option(node, 'design') === design;
}
for (const position of GALLERY_META_POSITIONS) {
  predicates[`gallery-meta-position-${position}?`] = (node) =>
    option(node, 'meta-position') === position;
}
for (const alignment of GALLERY_ACTIVE_ALIGNMENTS) {
  predicates[`gallery-active-alignment-${alignment}?`] = (node) =>
    option(node, 'active-alignment') === alignment;
}

export const galleryPredicates: Readonly<Record<string, Predicate>> = predicates;
