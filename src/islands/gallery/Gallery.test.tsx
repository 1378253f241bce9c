// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GalleryItem } from '../../shared/gallery/block.ts';
import { GALLERY_DEFAULTS, type GalleryOptions } from '../../shared/gallery/enums.ts';
import Gallery from './Gallery.tsx';

function item(n: number, changes: Partial<GalleryItem> = {}): GalleryItem {
  const url = `/images/0123456789abcdef/pic-${n}.jpg`;
  return {
    id: `pic-${n}`,
    title: `Picture ${n}`,
    description: `About picture ${n}`,
    alt: `Alt ${n}`,
    picture: {
      src: `${url}?format=750w`,
      srcset: `${url}?format=100w 100w, ${url}?format=1500w 1500w, ${url}?format=original 2500w`,
      large: `${url}?format=1500w`,
      width: 1600,
      height: 2000,
      focalPoint: { x: 0.25, y: 0.5 },
    },
    ...changes,
  };
}

function props(options: Partial<GalleryOptions>, count = 4, title = 'Lookbook') {
  return {
    id: 'lookbook',
    title,
    options: { ...GALLERY_DEFAULTS, ...options },
    items: Array.from({ length: count }, (_, i) => item(i + 1)),
  };
}

function gallery(): HTMLElement {
  const root = document.querySelector<HTMLElement>('section.gallery');
  if (!root) throw new Error('no gallery');
  return root;
}

const active = () => Number(gallery().dataset.activeIndex);

/** What prefers-reduced-motion answers. */
let reducedMotion = false;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  reducedMotion = false;
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('reduced-motion') && reducedMotion,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('server rendering', () => {
  it('writes the same HTML the browser hydrates: every picture, link and caption', () => {
    const html = renderToString(<Gallery {...props({ design: 'slideshow', controls: true })} />);
    expect(html.match(/<img /g)).toHaveLength(4);
    expect(html).toContain('aria-label="1 of 4"');
    // Controls arrive with the island; without JavaScript they could do nothing.
    expect(html).not.toContain('Next image');
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('renders nothing for props that are not a gallery block', () => {
    expect(renderToString(<Gallery {...{ id: 'x', items: 'none' }} />)).toBe('');
    expect(renderToString(<Gallery {...props({}, 0)} />)).toBe('');
  });
});

describe('grid', () => {
  it('lays out thumbnails per row with padding, aspect ratio or square thumbs', () => {
    render(
      <Gallery
        {...props({
          'thumbnails-per-row': 3,
          padding: 25,
          'square-thumbs': false,
          'aspect-ratio': 'widescreen',
        })}
      />,
    );
    expect(gallery().className).toContain('gallery--grid');
    expect(gallery().className).toContain('gallery-pad-t2 gallery-pad-o5');
    expect(document.querySelector('.gallery-grid')?.className).toBe(
      'gallery-grid gallery-per-row-3',
    );
    expect(document.querySelectorAll('.gallery-figure.gallery-ratio--widescreen')).toHaveLength(4);
    cleanup();
    render(<Gallery {...props({ 'aspect-ratio': 'widescreen' })} />);
    expect(document.querySelectorAll('.gallery-figure.gallery-ratio--square')).toHaveLength(4);
  });

  it('gives each picture its srcset, sizes, size and focal point', () => {
    render(<Gallery {...props({ 'thumbnails-per-row': 4 })} />);
    const image = screen.getByAltText('Alt 1');
    expect(image.getAttribute('srcset')).toContain('?format=100w 100w');
    expect(image.getAttribute('sizes')).toBe(
      '(max-width: 432px) 50vw, (max-width: 960px) 25vw, 232px',
    );
    expect(image.getAttribute('width')).toBe('1600');
    expect(image.getAttribute('height')).toBe('2000');
    expect(image.className).toBe('gallery-image gallery-fx-t2 gallery-fx-o5 gallery-fy-t5');
  });

  it('shows meta at its position, on hover when asked, titles only when asked', () => {
    render(
      <Gallery
        {...props({ 'meta-position': 'top-right', 'show-meta-on-hover': true, 'max-width': 150 })}
      />,
    );
    const caption = document.querySelector('figcaption');
    expect(caption?.className).toBe(
      'gallery-meta gallery-meta--top-right gallery-meta--on-hover gallery-mw-h1 gallery-mw-t5',
    );
    expect(caption?.textContent).toBe('Picture 1About picture 1');
    cleanup();
    render(<Gallery {...props({ 'show-meta-only-title': true })} />);
    expect(document.querySelector('figcaption')?.textContent).toBe('Picture 1');
    cleanup();
    render(<Gallery {...props({ 'show-meta': false })} />);
    expect(document.querySelector('figcaption')).toBeNull();
  });

  it('links pictures, in a new window when newWindow is on', () => {
    const linked = props({ newWindow: true });
    linked.items[0] = item(1, { link: '/shop/p/linen-shirt' });
    render(<Gallery {...linked} />);
    const link = screen.getByRole('link', { name: 'Alt 1 (opens in a new window)' });
    expect(link.getAttribute('href')).toBe('/shop/p/linen-shirt');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('slideshow', () => {
  const slideshow = (options: Partial<GalleryOptions> = {}) =>
    render(
      <Gallery {...props({ design: 'slideshow', controls: true, thumbnails: true, ...options })} />,
    );

  it('moves by its controls and thumbnails, marking the current one', () => {
    slideshow();
    expect(active()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(active()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(active()).toBe(3);
    fireEvent.click(screen.getByRole('link', { name: 'Show image 2 of 4: Picture 2' }));
    expect(active()).toBe(1);
    const current = document.querySelector('.gallery-thumb[aria-current="true"]');
    expect(current?.getAttribute('href')).toBe('#lookbook-slide-2');
    // Only the current slide can be reached; the others are inert and hidden.
    const slides = document.querySelectorAll('.gallery-slide');
    expect([...slides].map((slide) => slide.hasAttribute('inert'))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(slides[0]?.getAttribute('aria-hidden')).toBe('true');
  });

  it('moves by arrow keys, Home and End', () => {
    slideshow();
    const slides = document.querySelector<HTMLElement>('.gallery-slides');
    if (!slides) throw new Error('no slides');
    fireEvent.keyDown(slides, { key: 'ArrowRight' });
    expect(active()).toBe(1);
    fireEvent.keyDown(slides, { key: 'ArrowLeft' });
    fireEvent.keyDown(slides, { key: 'ArrowLeft' });
    expect(active()).toBe(3);
    fireEvent.keyDown(slides, { key: 'Home' });
    expect(active()).toBe(0);
    fireEvent.keyDown(slides, { key: 'End' });
    expect(active()).toBe(3);
  });

  it('moves by touch swipes, not by mouse drags', () => {
    slideshow();
    const frame = document.querySelector<HTMLElement>('.gallery-frame');
    if (!frame) throw new Error('no frame');
    const swipe = (pointerType: string, from: number, to: number) => {
      fireEvent.pointerDown(frame, { pointerType, clientX: from, clientY: 100 });
      fireEvent.pointerUp(frame, { pointerType, clientX: to, clientY: 105 });
    };
    swipe('touch', 300, 200);
    expect(active()).toBe(1);
    swipe('touch', 200, 300);
    expect(active()).toBe(0);
    swipe('mouse', 300, 100);
    swipe('touch', 300, 280);
    expect(active()).toBe(0);
  });

  it('has no controls when controls are off, no strip when thumbnails are off', () => {
    slideshow({ controls: false, thumbnails: false });
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(document.querySelector('.gallery-strip')).toBeNull();
  });

  it('sizes the strip from its height and margin options', () => {
    slideshow({ 'thumbnail-strip-height': 120, 'thumbnail-strip-margin': 8 });
    expect(gallery().className).toContain('gallery-sh-h1 gallery-sh-t2 gallery-sm-o8');
    const thumb = document.querySelector('.gallery-thumb-image');
    expect(thumb?.getAttribute('sizes')).toBe('120px');
    expect(thumb?.getAttribute('alt')).toBe('');
  });
});

describe('autoplay', () => {
  const playing = (options: Partial<GalleryOptions> = {}) =>
    render(
      <Gallery
        {...props({ design: 'slideshow', autoplay: true, 'autoplay-duration': 4, ...options })}
      />,
    );
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('advances every autoplay-duration seconds, wrapping around', () => {
    playing();
    wait(3_999);
    expect(active()).toBe(0);
    wait(1);
    expect(active()).toBe(1);
    // Each step schedules the next once React has rendered it.
    for (const expected of [2, 3, 0]) {
      wait(4_000);
      expect(active()).toBe(expected);
    }
  });

  it('plays the slider too, at its own duration', () => {
    playing({ design: 'slider', 'autoplay-duration': 1 });
    wait(1_000);
    expect(active()).toBe(1);
  });

  it('pauses while hovered and starts the full delay again on leaving', () => {
    playing();
    wait(3_000);
    fireEvent.mouseEnter(gallery());
    wait(20_000);
    expect(active()).toBe(0);
    fireEvent.mouseLeave(gallery());
    wait(3_999);
    expect(active()).toBe(0);
    wait(1);
    expect(active()).toBe(1);
  });

  it('pauses while focus is inside', () => {
    playing();
    const slides = document.querySelector<HTMLElement>('.gallery-slides');
    if (!slides) throw new Error('no slides');
    fireEvent.focus(slides);
    wait(20_000);
    expect(active()).toBe(0);
    fireEvent.blur(slides, { relatedTarget: document.body });
    wait(4_000);
    expect(active()).toBe(1);
  });

  it('waits for Play when the visitor prefers reduced motion', () => {
    reducedMotion = true;
    playing();
    wait(20_000);
    expect(active()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    wait(4_000);
    expect(active()).toBe(1);
  });

  it('stops on Pause', () => {
    playing();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    wait(20_000);
    expect(active()).toBe(0);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
  });

  it('does not play grid or stacked galleries', () => {
    render(<Gallery {...props({ design: 'grid', autoplay: true })} />);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
    expect(gallery().dataset.activeIndex).toBeUndefined();
  });
});

describe('lightbox', () => {
  beforeEach(() => {
    // happy-dom's dialog: make showModal/close set `open` and fire close, as browsers do.
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  });

  const dialog = () => {
    const element = document.querySelector<HTMLDialogElement>('dialog.gallery-lightbox');
    if (!element) throw new Error('no dialog');
    return element;
  };

  it('opens at the chosen picture, themed, and returns focus to its link on close', () => {
    render(<Gallery {...props({ lightbox: true, lightboxTheme: 'light' })} />);
    const opener = screen.getByRole('link', { name: 'Alt 2 View larger' });
    expect(opener.getAttribute('href')).toBe('/images/0123456789abcdef/pic-2.jpg?format=1500w');
    opener.focus();
    fireEvent.click(opener);
    expect(dialog().hasAttribute('open')).toBe(true);
    expect(dialog().className).toBe('gallery-lightbox gallery-lightbox--light');
    const view = within(dialog());
    expect(view.getByText('2 of 4')).toBeTruthy();
    expect(view.getByRole('img').getAttribute('alt')).toBe('Alt 2');
    expect(view.getByRole('img').getAttribute('sizes')).toBe('100vw');
    // show-meta-basic: the caption under the picture.
    expect(dialog().querySelector('.gallery-lightbox-meta')?.textContent).toBe(
      'Picture 2About picture 2',
    );
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('moves by arrow keys, buttons and swipes, wrapping around', () => {
    render(<Gallery {...props({ lightbox: true })} />);
    fireEvent.click(screen.getByRole('link', { name: 'Alt 1 View larger' }));
    expect(dialog().className).toContain('gallery-lightbox--dark');
    const count = () => dialog().querySelector('.gallery-lightbox-count')?.textContent;
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    expect(count()).toBe('4 of 4');
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(count()).toBe('1 of 4');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next image' }));
    expect(count()).toBe('2 of 4');
    fireEvent.pointerDown(dialog(), { pointerType: 'touch', clientX: 400, clientY: 10 });
    fireEvent.pointerUp(dialog(), { pointerType: 'touch', clientX: 200, clientY: 10 });
    expect(count()).toBe('3 of 4');
    // The gallery behind does not move with the lightbox's keys.
    expect(gallery().dataset.activeIndex).toBeUndefined();
  });

  it('leaves the caption out when show-meta-basic is off, and has no lightbox when off', () => {
    render(<Gallery {...props({ lightbox: true, 'show-meta-basic': false })} />);
    fireEvent.click(screen.getByRole('link', { name: 'Alt 1 View larger' }));
    expect(dialog().querySelector('.gallery-lightbox-meta')).toBeNull();
    cleanup();
    render(<Gallery {...props({ lightbox: false })} />);
    expect(document.querySelector('dialog')).toBeNull();
  });
});
