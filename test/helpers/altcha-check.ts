/**
 * What a shopper needs of the ALTCHA checkbox, checked in Chromium on the demo's wholesale form
 * (/contact): a box they can see (its edge against the widget's background at 3:1 at least, as
 * WCAG asks of a control's boundary), reached with Tab, showing a focus ring, and ticked with
 * the space bar until the widget says it is verified.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const FORM = '#page-form-wholesale-form';

/** Relative luminance of a computed CSS colour (rgb(), rgba() or color(srgb …)). */
export function luminance(color: string): number {
  const rgb = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(color);
  const srgb = /color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(color);
  const channels = rgb
    ? [rgb[1], rgb[2], rgb[3]].map((value) => Number(value) / 255)
    : srgb
      ? [srgb[1], srgb[2], srgb[3]].map(Number)
      : null;
  if (!channels) throw new Error(`cannot read the colour ${color}`);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The first opaque background colour from the element up through its ancestors and hosts. */
async function checkboxLook(page: Page) {
  return page.locator(`${FORM} altcha-widget input[type="checkbox"]`).evaluate((box) => {
    const style = getComputedStyle(box);
    let node: Element | null = box;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const color = getComputedStyle(node).backgroundColor;
      if (color && !/rgba\(0, 0, 0, 0\)|transparent/.test(color)) {
        background = color;
        break;
      }
      const parent: Element | null = node.parentElement;
      node = parent ?? ((node.getRootNode() as ShadowRoot).host || null);
    }
    const rect = box.getBoundingClientRect();
    return {
      width: rect.width,
      height: rect.height,
      opacity: Number(style.opacity),
      visibility: style.visibility,
      border: style.borderTopColor,
      borderWidth: parseFloat(style.borderTopWidth),
      background,
    };
  });
}

export async function expectVisibleKeyboardAltcha(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/contact`);
  const form = page.locator(FORM);
  await form.scrollIntoViewIfNeeded();
  // The widget loads once its form is in view.
  const box = form.locator('altcha-widget input[type="checkbox"]');
  await box.waitFor();
  const look = await checkboxLook(page);
  expect(look.visibility).toBe('visible');
  expect(look.opacity).toBe(1);
  expect(look.width).toBeGreaterThanOrEqual(16);
  expect(look.height).toBeGreaterThanOrEqual(16);
  expect(look.borderWidth).toBeGreaterThanOrEqual(1);
  expect(contrast(look.border, look.background), JSON.stringify(look)).toBeGreaterThanOrEqual(3);

  // Tab from the field before it reaches the box, which shows a ring, and space ticks it.
  await form.locator('[name="f:email"]').focus();
  let reached = false;
  for (let press = 0; press < 40 && !reached; press += 1) {
    await page.keyboard.press('Tab');
    reached = await box.evaluate((element) => element.matches(':focus'));
  }
  expect(reached).toBe(true);
  const ring = await box.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Space');
  await form.locator('altcha-widget [data-state="verified"]').waitFor();
  await expect(box.isChecked()).resolves.toBe(true);
}
