/**
 * The image a selection shows on the product page: the chosen variant's own image, or, while the
 * selection is still partial, the image every variant still possible shares (choosing 'Indigo'
 * shows the indigo shirt before a size is chosen). Undefined when nothing is chosen or the
 * variants still possible disagree.
 */
import { isChosen, type Selection } from './variant-selection.ts';

export interface ImagedVariant {
  readonly attributes: Readonly<Record<string, string>>;
  readonly imageId?: string;
}

export function selectionImageId(
  variants: readonly ImagedVariant[],
  names: readonly string[],
  selection: Selection,
): string | undefined {
  const chosen = names.filter((name) => isChosen(selection, name));
  if (chosen.length === 0) return undefined;
  const possible = variants.filter((variant) =>
    chosen.every((name) => variant.attributes[name] === selection[name]),
  );
  const images = new Set(possible.map((variant) => variant.imageId));
  const [only] = images;
  return images.size === 1 ? only : undefined;
}
