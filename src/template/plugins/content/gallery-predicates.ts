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
import { isFlagSet, isTruthy } from '../../values.ts';
import type { PluginEnv, Predicate } from '../types.ts';

/**
 * An option of the gallery in scope: `options` is looked up as a variable is (the nearest
 * scope holding it, as in the reference), then the option read from it.
 */
const option = (env: PluginEnv, key: string): unknown => env.resolve(`options.${key}`);

const predicates: Record<string, Predicate> = {
  // True when the gallery shows navigation of its own: arrows (controls) or indicators, each
  // read by its truth as the reference reads them.
  'gallery-meta?': (_node, _args, env) =>
    isTruthy(option(env, 'controls')) || isTruthy(option(env, 'indicators')),
};

for (const flag of GALLERY_TEMPLATE_FLAGS) {
  predicates[`gallery-${flag}?`] = (_node, _args, env) => isFlagSet(option(env, flag));
}
for (const design of GALLERY_DESIGNS) {
  predicates[`gallery-design-${design}?`] = (_node, _args, env) => option(env, 'design') === design;
}
for (const position of GALLERY_META_POSITIONS) {
  predicates[`gallery-meta-position-${position}?`] = (_node, _args, env) =>
    option(env, 'meta-position') === position;
}
for (const alignment of GALLERY_ACTIVE_ALIGNMENTS) {
  predicates[`gallery-active-alignment-${alignment}?`] = (_node, _args, env) =>
    option(env, 'active-alignment') === alignment;
}

export const galleryPredicates: Readonly<Record<string, Predicate>> = predicates;
