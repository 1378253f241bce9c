/**
 * The Previous and Next buttons of the slideshow and slider frame and of the lightbox: the same
 * labels and arrows, each design with its own classes. `onStep` moves by one picture, backwards
 * (-1) or forwards (1).
 */
import { GALLERY_STRINGS } from './strings.ts';

export function StepButtons({
  classes,
  onStep,
}: {
  /** The classes of the Previous and of the Next button. */
  classes: { readonly previous: string; readonly next: string };
  onStep: (direction: 1 | -1) => void;
}) {
  return (
    <>
      <button
        type="button"
        className={classes.previous}
        aria-label={GALLERY_STRINGS.previous}
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className={classes.next}
        aria-label={GALLERY_STRINGS.next}
        onClick={() => onStep(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}
