// The demo's gallery page is written as a merchant would: its options pass the strict schema.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GALLERY_DESIGNS } from './enums.ts';
import { parseGalleryOptions } from './options.ts';

interface DemoPage {
  fullUrl: string;
  blocks?: { type: string; options?: unknown }[];
}

const demo = JSON.parse(
  readFileSync(new URL('../../../demo/site.json', import.meta.url), 'utf8'),
) as { pages: DemoPage[] };

describe("the demo's gallery page", () => {
  const galleries = (demo.pages.find((page) => page.fullUrl === '/gallery')?.blocks ?? []).filter(
    (block) => block.type === 'gallery',
  );

  it('shows each design once, with options the strict schema accepts', () => {
    const designs = galleries.map((block) => {
      const parsed = parseGalleryOptions(block.options);
      expect(parsed).toMatchObject({ ok: true });
      return parsed.ok ? parsed.options.design : undefined;
    });
    expect([...designs].sort()).toEqual([...GALLERY_DESIGNS].sort());
  });
});
