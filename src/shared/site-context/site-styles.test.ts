import { describe, expect, it } from 'vitest';
import { pairingFontFiles, siteStylesCss, siteStylesSetting } from './site-styles.ts';

describe('siteStylesCss', () => {
  it('writes the colours, shape, width and fonts as custom properties', () => {
    const css = siteStylesCss(
      siteStylesSetting.parse({
        colors: { accent: '#0a7d32', background: '#fbf9f5' },
        buttonShape: 'pill',
        contentWidth: 1100,
        fontPairing: 'classic',
      }),
      '/theme-fonts/abc',
    );
    expect(css).toContain('--accent:#0a7d32');
    expect(css).toContain('--paper:#fbf9f5');
    // No button colour of its own: the buttons follow the accent.
    expect(css).toContain('--button:var(--accent)');
    expect(css).toContain('--radius-button:999px');
    expect(css).toContain('--content-width:1100px');
    expect(css).toContain("--font-heading:'Fraunces', 'Fraunces fallback', Georgia");
    expect(css).toContain('color-scheme:light');
    expect(css.match(/@font-face\{font-family:'(Inter|Fraunces)';/g)).toHaveLength(2);
    expect(css).toContain('font-display:swap');
    expect(css).toContain("url('/theme-fonts/abc/fraunces-latin-wght-normal.woff2')");
  });

  it('matches a system face to each web font, so the swap moves no text', () => {
    const css = siteStylesCss(siteStylesSetting.parse({ fontPairing: 'modern' }), '/f');
    expect(css).toContain("--font-body:'Inter', 'Inter fallback', system-ui");
    const faces = css.match(/@font-face\{font-family:'Inter fallback';[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(2);
    // Regular text on DejaVu Sans: Inter is 0.9503 of its width, its ascender 0.96875 em.
    expect(faces[0]).toContain("src:local('DejaVu Sans'),local('DejaVuSans')");
    expect(faces[0]).toContain('font-weight:100 549');
    expect(faces[0]).toContain('size-adjust:95.03%');
    expect(faces[0]).toContain('ascent-override:101.94%');
    expect(faces[1]).toContain("src:local('DejaVu Sans Bold')");
    expect(faces[1]).toContain('font-weight:550 900');
  });

  it('marks a dark background as a dark colour scheme', () => {
    const css = siteStylesCss(
      siteStylesSetting.parse({ colors: { background: '#161513', text: '#f3efe8' } }),
      '/f',
    );
    expect(css).toContain('color-scheme:dark');
  });

  it('preloads at most two files per pairing, none for the system fonts', () => {
    expect(pairingFontFiles('system')).toEqual([]);
    expect(pairingFontFiles('modern')).toHaveLength(1);
    expect(pairingFontFiles('classic')).toHaveLength(2);
  });

  it('refuses a colour that is not #rrggbb, with the reason', () => {
    const result = siteStylesSetting.safeParse({ colors: { accent: 'red;}body{display:none' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Must be a colour written #rrggbb, such as "#1f3a5f"',
    );
    expect(siteStylesSetting.safeParse({ contentWidth: 5000 }).success).toBe(false);
  });
});
