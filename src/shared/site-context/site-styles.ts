/**
 * The site's styles, set by the merchant in `website.settings.siteStyles` without touching the
 * theme: colours, a font pairing from the self-hosted variable fonts, the button shape, the
 * content width and whether the header stays on screen. The theme reads them only as CSS custom
 * properties (`--paper`, `--ink`, `--accent`, `--button`, `--button-ink`, `--radius-button`,
 * `--content-width`, `--font-body`, `--font-heading`), written by siteStylesCss into the site's
 * own small stylesheet:
 *
 *   "siteStyles": {
 *     "colors": { "background": "#fbf8f3", "text": "#1f1d1a", "accent": "#8a3b12",
 *                 "button": "#1f1d1a", "buttonText": "#ffffff" },   (button: the accent if unset)
 *     "fontPairing": "classic", "buttonShape": "pill", "contentWidth": 1200,
 *     "stickyHeader": true
 *   }
 */
import { z } from 'zod';
import { isDarkBackground, parseCssColor } from '../pay-later/brightness.ts';

const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour written #rrggbb, such as "#1f3a5f"');

export const FONT_PAIRINGS = ['system', 'modern', 'classic'] as const;
export type FontPairing = (typeof FONT_PAIRINGS)[number];
export const BUTTON_SHAPES = ['square', 'rounded', 'pill'] as const;
export type ButtonShape = (typeof BUTTON_SHAPES)[number];

export const DEFAULT_SITE_COLORS = {
  background: '#ffffff',
  text: '#1c1c1e',
  accent: '#1f3a5f',
  buttonText: '#ffffff',
} as const;

export const siteStylesSetting = z.strictObject({
  colors: z
    .strictObject({
      background: hexColor.default(DEFAULT_SITE_COLORS.background),
      text: hexColor.default(DEFAULT_SITE_COLORS.text),
      accent: hexColor.default(DEFAULT_SITE_COLORS.accent),
      /** The buttons' fill; the accent colour when not set. */
      button: hexColor.optional(),
      buttonText: hexColor.default(DEFAULT_SITE_COLORS.buttonText),
    })
    .default(DEFAULT_SITE_COLORS),
  fontPairing: z.enum(FONT_PAIRINGS).default('modern'),
  buttonShape: z.enum(BUTTON_SHAPES).default('rounded'),
  /** The widest the page's content grows, in CSS pixels. */
  contentWidth: z.int().min(800).max(1600).default(1200),
  stickyHeader: z.boolean().default(false),
});
export type SiteStyles = z.infer<typeof siteStylesSetting>;

/**
 * A font installed on the shopper's system, sized and spaced like a web font so that the text
 * shown until the web font arrives takes the same room: the swap then moves nothing (CLS 0).
 * `sizeAdjust` is the web font's width over the system font's for the same text; the ascent and
 * descent are the web font's (hhea, as a share of the em) divided by it, since the browser scales
 * the overrides by `size-adjust`.
 */
export interface FallbackFace {
  /** `local()` names of one face, full name first. */
  readonly local: readonly string[];
  readonly weights: string;
  readonly sizeAdjust: number;
  readonly ascent: number;
  readonly descent: number;
}

/** One self-hosted variable font file (latin subset, weights 100–900 in one file). */
export interface FontFile {
  readonly family: string;
  /** The file's name among the served fonts. */
  readonly file: string;
  readonly weights: string;
  /** Faces of the system fonts shown before it, matched to it (see FallbackFace). */
  readonly fallbacks: readonly FallbackFace[];
}

/**
 * The fallbacks' figures come from Chromium's canvas `measureText` at 1000 px over one English
 * sample of storefront words, each web font against the system font at the weights the theme
 * uses (400 for text; 600 for labels, buttons and headings, where the system font's bold face
 * stands in). Measured for DejaVu, what Linux systems (and the benchmark's Chromium) fall back
 * to; where a shopper's system has none of the named fonts, the stack goes on to the system font.
 */
const fallbackFace = (
  local: readonly string[],
  weights: string,
  widthRatio: number,
  metrics: { readonly ascent: number; readonly descent: number },
): FallbackFace => ({
  local,
  weights,
  sizeAdjust: widthRatio,
  ascent: metrics.ascent / widthRatio,
  descent: metrics.descent / widthRatio,
});

/**
 * A variable font against DejaVu (see fallbackFace): its width over DejaVu's regular face and
 * over its bold face, and its own hhea ascender and descender as a share of the em.
 */
interface DejaVuMatch {
  readonly regular: number;
  readonly bold: number;
  readonly ascent: number;
  readonly descent: number;
}

/**
 * A self-hosted variable font (its file named as the font packages name the latin subset) with
 * DejaVu's regular face standing in up to weight 549 and its bold face from 550.
 */
function variableFont(family: string, dejaVu: 'Sans' | 'Serif', match: DejaVuMatch): FontFile {
  const { regular, bold, ...metrics } = match;
  return {
    family,
    file: `${family.toLowerCase()}-latin-wght-normal.woff2`,
    weights: '100 900',
    fallbacks: [
      fallbackFace([`DejaVu ${dejaVu}`, `DejaVu${dejaVu}`], '100 549', regular, metrics),
      fallbackFace([`DejaVu ${dejaVu} Bold`, `DejaVu${dejaVu}-Bold`], '550 900', bold, metrics),
    ],
  };
}

// Inter's hhea ascender and descender are 1984 and 494 of 2048 units.
const INTER = variableFont('Inter', 'Sans', {
  regular: 79090 / 83227,
  bold: 80386 / 93716,
  ascent: 1984 / 2048,
  descent: 494 / 2048,
});
// Fraunces' are 978 and 255 of 1000 units.
const FRAUNCES = variableFont('Fraunces', 'Serif', {
  regular: 77903 / 85434,
  bold: 80220 / 93986,
  ascent: 0.978,
  descent: 0.255,
});

const SYSTEM_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const SERIF_STACK = "Georgia, 'Times New Roman', serif";

/** Each pairing's body and heading fonts; at most two files, so at most two preloads a page. */
export const PAIRING_FONTS: Readonly<
  Record<FontPairing, { readonly body?: FontFile; readonly heading?: FontFile }>
> = {
  system: {},
  modern: { body: INTER, heading: INTER },
  classic: { body: INTER, heading: FRAUNCES },
};

/** The font files a page of this pairing preloads (each once). */
export function pairingFontFiles(pairing: FontPairing): FontFile[] {
  const { body, heading } = PAIRING_FONTS[pairing];
  return [...new Set([body, heading].filter((font): font is FontFile => font !== undefined))];
}

const BUTTON_RADII: Readonly<Record<ButtonShape, string>> = {
  square: '0',
  rounded: '0.375rem',
  pill: '999px',
};

/** Whether the site's background is dark (the theme then draws its lines and muted text lighter). */
export function isDarkSite(styles: SiteStyles): boolean {
  const background = parseCssColor(styles.colors.background);
  return background !== null && isDarkBackground(background);
}

/** Only the characters a #rrggbb colour or a font name may hold reach the stylesheet. */
const cssSafe = (value: string) => value.replace(/[^#\w .,'-]/g, '');

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/** The family name of a web font's matched system faces. */
const fallbackFamily = (font: FontFile) => `${cssSafe(font.family)} fallback`;

function fallbackFaceCss(font: FontFile, face: FallbackFace): string {
  const src = face.local.map((name) => `local('${cssSafe(name)}')`).join(',');
  return (
    `@font-face{font-family:'${fallbackFamily(font)}';font-style:normal;` +
    `font-weight:${face.weights};src:${src};size-adjust:${percent(face.sizeAdjust)};` +
    `ascent-override:${percent(face.ascent)};descent-override:${percent(face.descent)};` +
    'line-gap-override:0%}'
  );
}

/**
 * The site's stylesheet: its fonts' @font-face rules (`font-display: swap`, served from
 * `fontRoot`), the system faces matched to them that show until they arrive, and the custom
 * properties the theme reads.
 */
export function siteStylesCss(styles: SiteStyles, fontRoot: string): string {
  const { colors } = styles;
  const fonts = PAIRING_FONTS[styles.fontPairing];
  const faces = pairingFontFiles(styles.fontPairing).flatMap((font) => [
    `@font-face{font-family:'${cssSafe(font.family)}';font-style:normal;font-display:swap;` +
      `font-weight:${font.weights};src:url('${fontRoot}/${font.file}') format('woff2-variations');` +
      'unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,' +
      'U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}',
    ...font.fallbacks.map((face) => fallbackFaceCss(font, face)),
  ]);
  const family = (font: FontFile | undefined, fallback: string) =>
    font ? `'${cssSafe(font.family)}', '${fallbackFamily(font)}', ${fallback}` : fallback;
  const headingFallback = fonts.heading === FRAUNCES ? SERIF_STACK : SYSTEM_STACK;
  const properties = [
    `--paper:${cssSafe(colors.background)}`,
    `--ink:${cssSafe(colors.text)}`,
    `--accent:${cssSafe(colors.accent)}`,
    `--button:${colors.button === undefined ? 'var(--accent)' : cssSafe(colors.button)}`,
    `--button-ink:${cssSafe(colors.buttonText)}`,
    `--radius-button:${BUTTON_RADII[styles.buttonShape]}`,
    `--content-width:${styles.contentWidth}px`,
    `--font-body:${family(fonts.body, SYSTEM_STACK)}`,
    `--font-heading:${family(fonts.heading, headingFallback)}`,
    `color-scheme:${isDarkSite(styles) ? 'dark' : 'light'}`,
  ];
  return `${faces.join('\n')}\n:root{${properties.join(';')}}\n`;
}
