/**
 * The demo's gallery page in Chromium (docs/behaviour/galleries-and-images.md#gallery-option-set): each design as a
 * visitor sees it, slideshow and slider navigation by mouse and keyboard, autoplay timed with
 * Playwright's clock (and paused on hover, on focus and for reduced motion), the lightbox
 * (native dialog: dark and light, arrows, swipe, Esc, focus return), axe with 0 violations, no
 * layout shift while the pictures load, and the page without JavaScript.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, useStore, type Visitor } from '../helpers/e2e-store.ts';

const store = useStore();

async function visit(
  options: { javaScriptEnabled?: boolean; reducedMotion?: 'reduce' | 'no-preference' } = {},
  before?: (page: Page) => Promise<void>,
): Promise<Visitor> {
  const visitor = await newVisitor(store.browser, {
    // Narrower than the theme's content column at 1280 px, where the slider shows every one of
    // the demo's pictures at once and has nothing to scroll.
    viewport: { width: 900, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  if (before) await before(visitor.page);
  // The DOM is enough: the layout-shift test holds the pictures (and so the load event) back.
  await visitor.page.goto(`${store.origin}/gallery`, { waitUntil: 'domcontentloaded' });
  return visitor;
}

/** The gallery of one design, scrolled into view and hydrated. */
async function gallery(page: Page, design: string): Promise<Locator> {
  const root = page.locator(`section.gallery[data-design="${design}"]`);
  await root.scrollIntoViewIfNeeded();
  await page
    .locator('vitrine-island[data-island="Gallery"][data-hydrated="true"]', { has: root })
    .waitFor();
  return root;
}

async function activeIndex(root: Locator): Promise<number> {
  return Number(await root.getAttribute('data-active-index'));
}

/** Moves the mouse off every gallery (to the page header). */
async function mouseAway(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
}

describe('each design', () => {
  it('grid: four per row 12 px apart, 3:4 cells, meta on hover', async () => {
    const { context, page, problems } = await visit();
    const root = await gallery(page, 'grid');
    const boxes = await root.locator('.gallery-grid-item').evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, height: box.height };
      }),
    );
    expect(boxes).toHaveLength(8);
    const [first, second, , fourth, fifth] = boxes;
    expect(second?.y).toBe(first?.y);
    expect(fourth?.y).toBe(first?.y);
    expect(fifth?.y).toBeGreaterThan(first?.y ?? 0);
    expect((second?.x ?? 0) - (first?.x ?? 0) - (first?.width ?? 0)).toBeCloseTo(12, 0);
    expect((first?.height ?? 0) / (first?.width ?? 1)).toBeCloseTo(4 / 3, 1);
    const meta = root.locator('.gallery-meta').first();
    await mouseAway(page);
    await expect.poll(() => meta.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await root.locator('.gallery-figure').first().hover();
    await expect.poll(() => meta.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('stacked: full-width pictures 30 px apart with their meta', async () => {
    const { context, page } = await visit();
    const root = await gallery(page, 'stacked');
    const boxes = await root
      .locator('.gallery-stack-item')
      .evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
      );
    expect(boxes).toHaveLength(3);
    expect((boxes[1]?.y ?? 0) - (boxes[0]?.y ?? 0) - (boxes[0]?.height ?? 0)).toBeCloseTo(30, 0);
    await expect(root.locator('.gallery-meta-title').first().textContent()).resolves.toBe(
      'Mending session',
    );
    await context.close();
  });

  it('slideshow: one slide at a time, arrows and thumbnails by mouse, arrow keys by keyboard', async () => {
    const { context, page, problems } = await visit({ reducedMotion: 'reduce' });
    const root = await gallery(page, 'slideshow');
    // The slide in view: the one whose left edge is at the frame's.
    const slideInView = () =>
      root.locator('.gallery-slides').evaluate((slides) => {
        const left = slides.getBoundingClientRect().left;
        return [...slides.querySelectorAll('.gallery-slide')].findIndex(
          (slide) => Math.abs(slide.getBoundingClientRect().left - left) < 1,
        );
      });
    await expect.poll(slideInView).toBe(0);
    await root.getByRole('button', { name: 'Next image' }).click();
    expect(await activeIndex(root)).toBe(1);
    await expect.poll(slideInView).toBe(1);
    await root.getByRole('button', { name: 'Previous image' }).click();
    await root.getByRole('button', { name: 'Previous image' }).click();
    expect(await activeIndex(root)).toBe(5);
    await root.getByRole('link', { name: 'Show image 3 of 6: Market Tote in natural' }).click();
    expect(await activeIndex(root)).toBe(2);
    await expect(
      root.locator('.gallery-thumb[aria-current="true"]').getAttribute('href'),
    ).resolves.toBe('#gallery-slideshow-slide-3');

    await root.locator('.gallery-slides').focus();
    await page.keyboard.press('ArrowRight');
    expect(await activeIndex(root)).toBe(3);
    await expect.poll(slideInView).toBe(3);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await activeIndex(root)).toBe(1);
    await page.keyboard.press('End');
    expect(await activeIndex(root)).toBe(5);
    await page.keyboard.press('Home');
    expect(await activeIndex(root)).toBe(0);
    // Tab reaches the controls; Enter presses them.
    await root.getByRole('button', { name: 'Next image' }).focus();
    await page.keyboard.press('Enter');
    expect(await activeIndex(root)).toBe(1);
    // Hidden slides are inert: their links are out of the tab order.
    await expect(root.locator('.gallery-slide[inert]').count()).resolves.toBe(5);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('slider: arrows and keys move the active picture, which scrolls to the left edge', async () => {
    const { context, page } = await visit({ reducedMotion: 'reduce' });
    const root = await gallery(page, 'slider');
    const scroller = root.locator('.gallery-slider');
    await root.getByRole('button', { name: 'Next image' }).click();
    await root.getByRole('button', { name: 'Next image' }).click();
    expect(await activeIndex(root)).toBe(2);
    // active-alignment left: the third picture's left edge at the scroller's left edge.
    await expect
      .poll(() =>
        scroller.evaluate((el) => {
          const item = el.querySelectorAll('.gallery-slider-item')[2];
          return Math.round(
            (item?.getBoundingClientRect().left ?? 0) - el.getBoundingClientRect().left,
          );
        }),
      )
      .toBe(0);
    await scroller.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await activeIndex(root)).toBe(1);
    // Links open in a new window.
    await expect(root.locator('a.gallery-image-link').first().getAttribute('target')).resolves.toBe(
      '_blank',
    );
    await context.close();
  });
});

describe('autoplay (Playwright clock)', () => {
  const T0 = Date.UTC(2026, 0, 1);

  async function restartAutoplay(page: Page, root: Locator): Promise<void> {
    await root.locator('.gallery-frame').hover();
    await mouseAway(page);
  }

  it('advances every autoplay-duration seconds and pauses on hover and on focus', async () => {
    const { context, page, problems } = await visit({}, (p) => p.clock.install({ time: T0 }));
    // Time stands still from here: only runFor moves it.
    await page.clock.pauseAt(T0 + 60_000);
    const slideshow = await gallery(page, 'slideshow');
    const slider = await gallery(page, 'slider');
    // A hover and leave restarts each timer with its full delay, at the same paused instant.
    await restartAutoplay(page, slideshow);
    await restartAutoplay(page, slider);
    const start = await activeIndex(slideshow);
    const sliderStart = await activeIndex(slider);
    // The slider plays every 3 s, the slideshow every 5 s.
    await page.clock.runFor(2_990);
    expect(await activeIndex(slider)).toBe(sliderStart);
    await page.clock.runFor(20);
    expect(await activeIndex(slider)).toBe(sliderStart + 1);
    await page.clock.runFor(1_980);
    expect(await activeIndex(slideshow)).toBe(start);
    await page.clock.runFor(20);
    expect(await activeIndex(slideshow)).toBe(start + 1);

    // Hover pauses; leaving gives the full delay again.
    await slideshow.locator('.gallery-frame').hover();
    await page.clock.runFor(12_000);
    expect(await activeIndex(slideshow)).toBe(start + 1);
    await mouseAway(page);
    await page.clock.runFor(4_990);
    expect(await activeIndex(slideshow)).toBe(start + 1);
    await page.clock.runFor(20);
    expect(await activeIndex(slideshow)).toBe(start + 2);

    // Focus inside pauses too.
    await slideshow.locator('.gallery-slides').focus();
    await page.clock.runFor(12_000);
    expect(await activeIndex(slideshow)).toBe(start + 2);
    await page.locator('h1').click();
    await mouseAway(page);
    await page.clock.runFor(5_010);
    expect(await activeIndex(slideshow)).toBe(start + 3);

    // The Pause button stops it until Play.
    await slideshow.getByRole('button', { name: 'Pause slideshow' }).click();
    await mouseAway(page);
    await page.locator('h1').click();
    await page.clock.runFor(12_000);
    expect(await activeIndex(slideshow)).toBe(start + 3);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('does not play when the visitor prefers reduced motion, until they press Play', async () => {
    const { context, page } = await visit({ reducedMotion: 'reduce' }, (p) =>
      p.clock.install({ time: T0 }),
    );
    await page.clock.pauseAt(T0 + 60_000);
    const slideshow = await gallery(page, 'slideshow');
    await restartAutoplay(page, slideshow);
    await page.clock.runFor(12_000);
    expect(await activeIndex(slideshow)).toBe(0);
    await slideshow.getByRole('button', { name: 'Play slideshow' }).click();
    await expect(slideshow.getByRole('button', { name: 'Pause slideshow' }).count()).resolves.toBe(
      1,
    );
    await mouseAway(page);
    await page.locator('h1').click();
    await page.clock.runFor(5_010);
    expect(await activeIndex(slideshow)).toBe(1);
    await context.close();
  });
});

describe('lightbox', () => {
  const activeLink = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);

  it('opens dark from the grid, moves by arrows and swipe, closes on Esc with focus back', async () => {
    const { context, page, problems } = await visit();
    const root = await gallery(page, 'grid');
    const opener = root.locator('a.gallery-image-link').nth(1);
    const href = await opener.getAttribute('href');
    await opener.click();
    const dialog = page.locator('dialog#gallery-grid-lightbox');
    await expect(dialog.evaluate((el: HTMLDialogElement) => el.open)).resolves.toBe(true);
    await expect(dialog.getAttribute('class')).resolves.toContain('gallery-lightbox--dark');
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).resolves.toBe('Close');
    await expect(dialog.locator('.gallery-lightbox-count').textContent()).resolves.toBe('2 of 8');
    await expect(dialog.locator('img').getAttribute('alt')).resolves.toBe(
      'Cotton drill work jacket in navy, laid flat',
    );
    await page.keyboard.press('ArrowRight');
    await expect(dialog.locator('.gallery-lightbox-count').textContent()).resolves.toBe('3 of 8');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.locator('.gallery-lightbox-count').textContent()).resolves.toBe('8 of 8');
    // A touch swipe to the left shows the next picture, one to the right the previous.
    const swipe = async (from: number, to: number) => {
      await dialog.dispatchEvent('pointerdown', {
        pointerType: 'touch',
        clientX: from,
        clientY: 400,
      });
      await dialog.dispatchEvent('pointerup', { pointerType: 'touch', clientX: to, clientY: 410 });
    };
    await swipe(700, 500);
    await expect(dialog.locator('.gallery-lightbox-count').textContent()).resolves.toBe('1 of 8');
    await swipe(500, 700);
    await expect(dialog.locator('.gallery-lightbox-count').textContent()).resolves.toBe('8 of 8');

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog.evaluate((el: HTMLDialogElement) => el.open)).resolves.toBe(false);
    await expect(activeLink(page)).resolves.toBe(href);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens light from the slideshow by keyboard and closes with its button, focus back', async () => {
    const { context, page } = await visit({ reducedMotion: 'reduce' });
    const root = await gallery(page, 'slideshow');
    const opener = root.locator('.gallery-slide.is-active a.gallery-image-link');
    const href = await opener.getAttribute('href');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog#gallery-slideshow-lightbox');
    await expect(dialog.evaluate((el: HTMLDialogElement) => el.open)).resolves.toBe(true);
    await expect(dialog.getAttribute('class')).resolves.toContain('gallery-lightbox--light');
    await expect(dialog.locator('.gallery-lightbox-meta').textContent()).resolves.toContain(
      'Linen Shirt in sand',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.evaluate((el: HTMLDialogElement) => el.open)).resolves.toBe(false);
    await expect(activeLink(page)).resolves.toBe(href);
    await context.close();
  });
});

describe('the whole page', () => {
  it('has no axe violations once every gallery is hydrated, on a wide and a phone screen', async () => {
    const { context, page, problems } = await visit({ reducedMotion: 'reduce' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const design of ['grid', 'slideshow', 'slider', 'stacked']) await gallery(page, design);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${width}px ${v.id}: ${v.help}`)).toEqual([]);
    }
    // Phones show at most two grid pictures per row.
    const tops = await page
      .locator('.gallery-grid-item')
      .evaluateAll((items) => items.slice(0, 3).map((item) => item.getBoundingClientRect().top));
    expect(tops[1]).toBe(tops[0]);
    expect(tops[2]).toBeGreaterThan(tops[0] ?? 0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('does not shift while its pictures load', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { context, page } = await visit({}, async (p) => {
      await p.addInitScript(() => {
        // Each shift as its value and what moved, so a failure names the element.
        const shifts: string[] = [];
        (window as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as unknown as {
              value: number;
              sources: {
                node?: Node;
                previousRect: DOMRectReadOnly;
                currentRect: DOMRectReadOnly;
              }[];
            };
            const moved = shift.sources.map((source) => {
              const node = source.node;
              const name =
                node instanceof Element
                  ? `${node.tagName}.${node.className}`
                  : String(node?.nodeName);
              return `${name} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`;
            });
            const inGallery = shift.sources.some(
              (source) => source.node instanceof Element && source.node.closest('.gallery'),
            );
            shifts.push(`${inGallery ? 'gallery ' : ''}${shift.value}: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Pictures arrive only after the page has laid out and hydrated.
      await p.route('**/images/**', async (route) => {
        await held;
        await route.continue();
      });
    });
    for (const design of ['grid', 'slideshow', 'slider', 'stacked']) await gallery(page, design);
    await page.locator('vitrine-island:not([data-hydrated])').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    const shiftsOf = () =>
      page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
    // Hydrating the galleries moved nothing in them (the site header's own islands may shift
    // the header; that is the header's business, not the gallery's).
    expect((await shiftsOf()).filter((shift) => shift.startsWith('gallery '))).toEqual([]);
    await page.evaluate(() => {
      (window as unknown as { layoutShifts: string[] }).layoutShifts.length = 0;
    });
    release();
    // Scroll through the page so lazy pictures load too, then wait for all of them.
    for (const design of ['grid', 'slideshow', 'slider', 'stacked'])
      await page.locator(`section.gallery[data-design="${design}"]`).scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.gallery img')].every(
        (img) => img.loading === 'lazy' || (img.complete && img.naturalWidth > 0),
      ),
    );
    const shifts = await shiftsOf();
    expect(shifts).toEqual([]);
    await context.close();
  });

  it('shows every picture, link and caption without JavaScript', async () => {
    const { context, page, problems } = await visit({ javaScriptEnabled: false });
    await expect(page.locator('section.gallery').count()).resolves.toBe(4);
    await expect(page.locator('.gallery--slideshow .gallery-slide').count()).resolves.toBe(6);
    await expect(page.locator('.gallery-control').count()).resolves.toBe(0);
    // A thumbnail scrolls the slideshow to its slide.
    const frame = await page.locator('.gallery--slideshow .gallery-slides').boundingBox();
    await page.locator('.gallery-thumb').nth(3).click();
    expect(page.url()).toMatch(/#gallery-slideshow-slide-4$/);
    await expect
      .poll(async () => (await page.locator('#gallery-slideshow-slide-4').boundingBox())?.x)
      .toBeCloseTo(frame?.x ?? -1, 0);
    // The grid's pictures open the large rendition itself.
    const link = page.locator('.gallery--grid a.gallery-image-link').first();
    await expect(link.getAttribute('href')).resolves.toMatch(/\?format=1500w$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
