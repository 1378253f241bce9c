/**
 * Gallery sizes as class names. The Content-Security-Policy allows no inline styles
 * (style-src 'self'), so a size such as a 37 px padding or a focal point 62 % from the left
 * cannot travel in a style attribute. Each number becomes one class per decimal digit
 * (`gallery-pad-t3 gallery-pad-o7`); the theme's stylesheet gives each class its digit as a
 * custom property and adds them up with calc(). Three digits cover every range of the option
 * set (0–300) and percentages (0–100) with 21 rules per quantity instead of one per value.
 */
import { ASPECT_RATIO_SIZES, GALLERY_ASPECT_RATIOS, type GalleryAspectRatio } from './enums.ts';

/** The sized quantities: padding, strip height and margin, meta max-width, focal point x and y. */
export const DIGIT_QUANTITIES = ['pad', 'sh', 'sm', 'mw', 'fx', 'fy'] as const;
export type DigitQuantity = (typeof DIGIT_QUANTITIES)[number];

const PLACES = [
  ['h', 100],
  ['t', 10],
  ['o', 1],
] as const;

/** The classes that spell `value` (a whole number from 0 to 399) for `quantity`; zero digits need none. */
export function digitClasses(quantity: DigitQuantity, value: number): string[] {
  const whole = Math.min(399, Math.max(0, Math.round(value)));
  const classes: string[] = [];
  for (const [place, size] of PLACES) {
    const digit = Math.floor(whole / size) % 10;
    if (digit > 0) classes.push(`gallery-${quantity}-${place}${digit}`);
  }
  return classes;
}

/** The stylesheet rules behind digitClasses (kept in themes/default/assets/site.css). */
export function digitRules(): string[] {
  const rules: string[] = [];
  for (const quantity of DIGIT_QUANTITIES) {
    for (const [place] of PLACES) {
      const top = place === 'h' ? 3 : 9;
      for (let digit = 1; digit <= top; digit += 1)
        rules.push(
          `.gallery-${quantity}-${place}${digit} {\n  --gallery-${quantity}-${place}: ${digit};\n}`,
        );
    }
  }
  return rules;
}

/** The enumerated aspect ratio nearest to a picture's own (the slideshow's frame). */
export function nearestAspectRatio(width?: number, height?: number): GalleryAspectRatio {
  if (!width || !height) return 'standard';
  const ratio = width / height;
  let best: GalleryAspectRatio = 'standard';
  let distance = Number.POSITIVE_INFINITY;
  for (const name of GALLERY_ASPECT_RATIOS) {
    const [w, h] = ASPECT_RATIO_SIZES[name];
    const d = Math.abs(Math.log(ratio / (w / h)));
    if (d < distance) {
      best = name;
      distance = d;
    }
  }
  return best;
}
