/**
 * Refused values in the product editor, in Chromium: a negative price typed by hand is named
 * beside the price field (focused, described by its message) and nothing is sent; a sale price the
 * server refuses is named beside the sale price (axe finds nothing wrong with that state). After
 * a reload the stored prices are unchanged.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDemoOwners, DEMO_OWNER_PASSWORD } from '../../src/server/modules/owners/index.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({ prepare: (harness) => addDemoOwners(harness.database) });

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(DEMO_OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The id of the element the input's aria-describedby names, and that element's text. */
async function description(page: Page, label: string): Promise<string | null> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return id === null ? null : page.locator(`[id="${id}"]`).textContent();
}

describe('the product editor refuses bad values beside their fields', () => {
  it('names a negative price and a refused sale price beside them, saving nothing', async () => {
    const { context, page, problems } = await newVisitor(store.browser, {
      viewport: { width: 1280, height: 900 },
    });
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(`${store.origin}/config/products/field-notebook`);
    await logIn(page);
    const price = page.getByLabel('Price (USD)', { exact: true });
    await price.waitFor();
    const storedPrice = await price.inputValue();
    writes.length = 0;

    await price.fill('');
    await price.pressSequentially('-5');
    await page.getByRole('button', { name: 'Save FN-DOT-48' }).click();
    await page.getByText('Enter an amount of 0 or more').waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await description(page, 'Price (USD)')).toBe('Enter an amount of 0 or more');
    expect(await price.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(writes).toEqual([]);

    // A sale price above the price passes the browser's check; the server refuses it by name.
    await price.fill(storedPrice);
    await page.getByLabel('Sale price (USD)', { exact: true }).fill('999');
    await page.getByLabel('On sale').check();
    await page.getByRole('button', { name: 'Save FN-DOT-48' }).click();
    const refusal = 'A variant on sale needs a salePrice below its price';
    await page.getByText(refusal).waitFor();
    expect(await description(page, 'Sale price (USD)')).toBe(refusal);
    expect(await price.getAttribute('aria-invalid')).toBeNull();
    expect(
      await page
        .getByLabel('Sale price (USD)', { exact: true })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
    expect(writes.filter((write) => write.startsWith('PATCH '))).toHaveLength(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Nothing was saved: after a reload the refused values come back from the tab's draft, said
    // to be unsaved, and discarding them shows what the store holds.
    await page.reload();
    await price.waitFor();
    expect(await page.getByLabel('On sale').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    expect(await price.inputValue()).toBe(storedPrice);
    expect(await page.getByLabel('On sale').isChecked()).toBe(false);
    expect(writes.filter((write) => write.startsWith('PATCH '))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
