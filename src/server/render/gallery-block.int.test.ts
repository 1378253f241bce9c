/**
 * The demo's gallery page through app.inject(): each design's complete HTML without JavaScript
 * (pictures with srcset, size and focal point, links, meta), the options as template data for
 * the gallery-* predicates, and the CSP's rules (no inline styles: sizes travel as classes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { GALLERY_DEFAULTS } from '../../shared/gallery/enums.ts';
import { galleryBlocks } from './gallery-block.ts';

let harness: TestApp;
let html: string;

beforeAll(async () => {
  harness = await createTestApp();
  const response = await harness.app.inject({ method: 'GET', url: '/gallery' });
  expect(response.statusCode).toBe(200);
  html = response.body;
});

afterAll(async () => {
  await harness?.close();
});

/** The island element of one gallery block. */
function block(id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</vitrine-island>', start));
}

const WIDTHS = '100w, 300w, 500w, 750w, 1000w, 1500w';

describe('the gallery page', () => {
  it('is in the navigation and carries each design, server-rendered as the Gallery island', () => {
    expect(html).toMatch(/<a href="\/gallery">Gallery<\/a>/);
    expect(html.match(/data-island="Gallery"/g)).toHaveLength(4);
    for (const design of ['grid', 'slideshow', 'slider', 'stacked'])
      expect(block(`gallery-${design}`)).toContain(`data-design="${design}"`);
  });

  it('writes no inline style, script or handler (the CSP forbids them)', () => {
    expect(html).not.toMatch(/<[a-z][^>]*\sstyle\s*=/i);
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  });

  it('gives every picture a srcset of the width buckets, its size and its focal point', () => {
    const grid = block('gallery-grid');
    const images = [...grid.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(images).toHaveLength(8);
    for (const image of images) {
      expect(image).toMatch(/width="1600" height="2000"/);
      expect(image).toMatch(/src="\/images\/[0-9a-f]{16}\/[\w-]+\.jpg\?format=750w"/);
      const srcset = /srcSet="([^"]+)"/.exec(image)?.[1] ?? '';
      expect(
        srcset
          .split(', ')
          .map((entry) => entry.split(' ')[1])
          .join(', '),
      ).toBe(`${WIDTHS}, 2500w`);
      expect(image).toMatch(/sizes="\(max-width: 432px\) 50vw, \(max-width: 960px\) 25vw, 232px"/);
    }
    // The notebook's focal point is 0.5, 0.45: 50 % and 45 % as digit classes.
    const notebook = images.find((image) => image.includes('Kraft-covered')) ?? '';
    expect(notebook).toMatch(/class="gallery-image gallery-fx-t5 gallery-fy-t4 gallery-fy-o5"/);
  });

  it('renders the grid with its columns, padding, aspect ratio, meta and lightbox links', () => {
    const grid = block('gallery-grid');
    expect(grid).toContain('class="gallery-grid gallery-per-row-4"');
    expect(grid).toMatch(
      /class="gallery gallery--grid gallery--crop [^"]*gallery-pad-t1 gallery-pad-o2/,
    );
    expect(grid.match(/gallery-figure gallery-ratio--three-four-vertical/g)).toHaveLength(8);
    expect(grid).toContain(
      '<figcaption class="gallery-meta gallery-meta--bottom-left gallery-meta--on-hover gallery-mw-h3">',
    );
    // With the lightbox on, the picture opens large (without JavaScript: the rendition itself)
    // and the item's own link moves to its title.
    expect(grid).toMatch(
      /<a class="gallery-image-link" href="\/images\/[0-9a-f]{16}\/linen-shirt-sand\.jpg\?format=1500w">/,
    );
    expect(grid).toContain(
      '<a class="gallery-meta-title" href="/shop/p/linen-shirt">Linen Shirt</a>',
    );
    expect(grid).toContain(
      '<span class="gallery-meta-description">Washed European linen, in sand.</span>',
    );
    expect(grid).toContain(
      '<dialog id="gallery-grid-lightbox" class="gallery-lightbox gallery-lightbox--dark"',
    );
  });

  it('renders the slideshow with every slide, its frame, thumbnail strip and lightbox theme', () => {
    const slideshow = block('gallery-slideshow');
    expect(slideshow).toMatch(/gallery-sh-t8 gallery-sm-t2/);
    expect(slideshow).toContain('class="gallery-frame gallery-ratio--three-four-vertical"');
    expect(slideshow.match(/aria-roledescription="slide"/g)).toHaveLength(6);
    expect(slideshow).toContain('aria-label="1 of 6"');
    // Thumbnails link to their slide, so they work without JavaScript.
    expect(slideshow).toContain('href="#gallery-slideshow-slide-4"');
    expect(slideshow).toContain('Show image 4 of 6: Market Tote in black');
    expect(slideshow).toContain('gallery-lightbox--light');
    // Controls and Play/Pause come with the island: they do nothing without JavaScript.
    expect(slideshow).not.toContain('gallery-control');
    expect(slideshow).not.toContain('gallery-play');
  });

  it('renders the slider with titles only, aligned left, links in a new window', () => {
    const slider = block('gallery-slider');
    expect(slider).toContain('gallery--align-left');
    expect(slider.match(/class="gallery-slider-item/g)).toHaveLength(6);
    expect(slider).toContain(
      '<a class="gallery-image-link" href="/shop/p/stoneware-mug" target="_blank" rel="noopener noreferrer">',
    );
    expect(slider).toContain('(opens in a new window)');
    expect(slider).not.toContain('gallery-meta-description');
    expect(slider).toMatch(/sizes="\(max-width: 432px\) 192px, 256px"/);
  });

  it('renders the stacked design with its padding and meta box width', () => {
    const stacked = block('gallery-stacked');
    expect(stacked).toContain('<ul class="gallery-stack">');
    expect(stacked).toMatch(/gallery-pad-t3/);
    expect(stacked).toContain('gallery-meta gallery-meta--top-left gallery-mw-h2 gallery-mw-t4');
    expect(stacked).not.toContain('<dialog');
  });
});

describe('galleryBlocks', () => {
  const db = () => harness.database.db;

  it('completes the options with their defaults and leaves out what does not apply', async () => {
    const [gallery] = await galleryBlocks(db(), 'vitrine-demo', [
      {
        type: 'gallery',
        id: 'g',
        options: {
          design: 'slider',
          'thumbnails-per-row': 40,
          lightboxTheme: 'light',
          autoplay: true,
        },
        items: [{ image: 'mug-sea' }],
      },
    ]);
    expect(gallery?.options).toEqual({
      ...GALLERY_DEFAULTS,
      design: 'slider',
      autoplay: true,
      'thumbnails-per-row': 10,
    });
  });

  it('keeps images it can show: stored ones and web addresses; refuses unsafe links', async () => {
    const blocks = await galleryBlocks(db(), 'vitrine-demo', [
      { type: 'form', formId: 'contact-form' },
      {
        type: 'gallery',
        title: 'Mixed',
        items: [
          { image: 'no-such-image' },
          { url: 'javascript:alert(1)' },
          { url: 'https://cdn.example/picture.jpg', title: 'Remote', link: 'javascript:alert(1)' },
          { image: 'tote-black', focalPoint: { x: 0.2, y: 0.8 }, link: 'example.com/totes' },
        ],
      },
      { type: 'gallery', items: [{ image: 'missing' }] },
      { type: 'gallery', id: 'Mixed', items: [{ image: 'mug-sea' }] },
      { type: 'gallery', id: 'Mixed', items: [{ image: 'mug-sea' }] },
    ]);
    expect(blocks.map((gallery) => gallery.id)).toEqual(['gallery-1', 'Mixed', 'Mixed-2']);
    const [gallery] = blocks;
    expect(gallery?.id).toBe('gallery-1');
    expect(gallery?.items.map((item) => item.link)).toEqual([
      undefined,
      'https://example.com/totes',
    ]);
    expect(gallery?.items[0]?.picture).toEqual({
      src: 'https://cdn.example/picture.jpg',
      srcset: '',
      large: 'https://cdn.example/picture.jpg',
      focalPoint: { x: 0.5, y: 0.5 },
    });
    expect(gallery?.items[0]?.alt).toBe('Remote');
    expect(gallery?.items[1]?.picture.focalPoint).toEqual({ x: 0.2, y: 0.8 });
    expect(gallery?.items[1]?.alt).toBe('Canvas market tote in black');
  });
});
