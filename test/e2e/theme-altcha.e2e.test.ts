/**
 * The ALTCHA checkbox in the demo's light site styles, in Chromium: visible against its widget,
 * reached with Tab with a focus ring, and ticked with the space bar (the dark site styles'
 * check is in theme-dark.e2e.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectVisibleKeyboardAltcha } from '../helpers/altcha-check.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore();

describe('the ALTCHA checkbox in light site styles', () => {
  it.each([390, 1280])('is visible and keyboard-operable at %i px', async (width) => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width, height: 900 });
    await expectVisibleKeyboardAltcha(page, store.origin);
    expect(problems).toEqual([]);
    await context.close();
  });
});
