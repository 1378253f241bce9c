/**
 * The site's styles as the browser gets them: a small stylesheet of custom properties and
 * @font-face rules built from `settings.siteStyles` (GET /site-styles.css, linked with a hash of
 * its text so a change of colour is a new URL), and the self-hosted variable font files of the
 * pairings (GET /theme-fonts/<hash>/<file>), read once from their npm packages and cached for a
 * year. No third-party font host is involved.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import {
  FONT_PAIRINGS,
  pairingFontFiles,
  siteStylesCss,
  type SiteStyles,
} from '../../shared/site-context/site-styles.ts';

export const SITE_STYLES_PATH = '/site-styles.css';
export const FONT_PREFIX = '/theme-fonts';

const require = createRequire(import.meta.url);
const PACKAGES: Readonly<Record<string, string>> = {
  Inter: '@fontsource-variable/inter',
  Fraunces: '@fontsource-variable/fraunces',
};

interface ServedFont {
  readonly bytes: Buffer;
}

const shortHash = (data: string | Buffer) =>
  createHash('sha256').update(data).digest('base64url').slice(0, 12).replace(/[-_]/g, '0');

/** Every font file a pairing can name, read once: file name → bytes. */
const fonts = new Map<string, ServedFont>();
let fontVersion = '';
function loadFonts(): void {
  if (fontVersion !== '') return;
  const hash = createHash('sha256');
  for (const pairing of FONT_PAIRINGS)
    for (const font of pairingFontFiles(pairing)) {
      if (fonts.has(font.file)) continue;
      const name = PACKAGES[font.family];
      if (name === undefined) throw new Error(`no package holds the font ${font.family}`);
      const bytes = readFileSync(require.resolve(`${name}/files/${font.file}`));
      fonts.set(font.file, { bytes });
      hash.update(font.file).update(bytes);
    }
  fontVersion = hash.digest('base64url').slice(0, 12).replace(/[-_]/g, '0');
}

function fontRoot(): string {
  loadFonts();
  return `${FONT_PREFIX}/${fontVersion}`;
}

/**
 * What templates read as `siteStyles`: the stylesheet's URL, fonts to preload, the header, and
 * the content width in CSS pixels (a template's `sizes` can name the widest its images grow).
 */
export interface SiteStylesContext {
  readonly href: string;
  readonly css: string;
  readonly preloads: readonly string[];
  readonly stickyHeader: boolean;
  readonly contentWidth: number;
}

export function siteStylesContext(styles: SiteStyles): SiteStylesContext {
  const root = fontRoot();
  const css = siteStylesCss(styles, root);
  return {
    href: `${SITE_STYLES_PATH}?v=${shortHash(css)}`,
    css,
    preloads: pairingFontFiles(styles.fontPairing).map((font) => `${root}/${font.file}`),
    stickyHeader: styles.stickyHeader,
    contentWidth: styles.contentWidth,
  };
}

const YEAR = 'public, max-age=31536000, immutable';

/** The two routes; `current` gives the requesting site's styles context. */
export function registerSiteStylesRoutes(
  app: FastifyInstance,
  current: () => Promise<SiteStylesContext | undefined>,
): void {
  app.get(SITE_STYLES_PATH, async (request, reply) => {
    const styles = await current();
    if (!styles) return reply.callNotFound();
    const asked = (request.query as { v?: unknown }).v;
    const versioned = `${SITE_STYLES_PATH}?v=${String(asked)}` === styles.href;
    return reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', versioned ? YEAR : 'no-cache')
      .send(styles.css);
  });
  app.get<{ Params: { version: string; file: string } }>(
    `${FONT_PREFIX}/:version/:file`,
    async (request, reply) => {
      loadFonts();
      const font = fonts.get(request.params.file);
      if (!font || request.params.version !== fontVersion) return reply.callNotFound();
      return reply
        .header('content-type', 'font/woff2')
        .header('cache-control', YEAR)
        .send(font.bytes);
    },
  );
}
