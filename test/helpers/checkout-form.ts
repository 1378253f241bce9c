/**
 * Filling the checkout form in Chromium as a shopper does: the address with the country and
 * state picked from their lists, codes applied with their 'Apply' button, and — with JavaScript
 * on — waiting until the summary shows the price of what was typed before going on.
 */
import type { Page } from 'playwright-core';

/** Resolves once no quote is on its way (at once with JavaScript off: the summary is the page's). */
export async function summarySettled(page: Page): Promise<void> {
  await page.locator('[data-checkout-summary]:not([aria-busy="true"])').waitFor();
}

/** A New York address (or another US state), the country and state chosen from their lists. */
export async function fillAddress(page: Page, state = 'NY'): Promise<void> {
  await page.getByLabel('Full name').fill('Sam Shopper');
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Albany');
  await page.getByLabel('Country').selectOption('US');
  // With JavaScript the region became the list of states; without, it is a text box until the
  // page is priced again.
  const states = page.getByLabel('State');
  if ((await states.count()) > 0) await states.selectOption(state);
  else await page.getByLabel('Region').fill(state);
  await page.getByLabel('Postal code').fill('12207');
  await summarySettled(page);
}

/** Types a code into 'Coupon code' or 'Gift card code' and presses its 'Apply'. */
export async function applyCode(
  page: Page,
  label: 'Coupon code' | 'Gift card code',
  code: string,
): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(code);
  await page.getByRole('button', { name: `Apply ${label}` }).click();
  await page.locator('form.checkout-form').waitFor();
  await summarySettled(page);
}

/** The linen shirt ($68) in M / Sand, added from its product page. */
export async function addShirt(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/shop/p/linen-shirt`);
  // A click before the form hydrates posts the plain form instead (the cart page, no status).
  await page.locator('vitrine-island[data-island="ProductForm"][data-hydrated="true"]').waitFor();
  await page.getByLabel('Size').selectOption('M');
  await page.getByLabel('Colour').selectOption('Sand');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.locator('.product-form-status', { hasText: 'Added to cart.' }).waitFor();
}

/** The summary's amount the order will charge: 'Amount due' under gift cards, else 'Total'. */
export async function amountDueOnScreen(page: Page): Promise<string> {
  const row = (label: RegExp) =>
    page.locator('.checkout-totals div', { has: page.locator('dt', { hasText: label }) });
  const due = row(/^Amount due$/);
  const text = await ((await due.count()) > 0 ? due : row(/^Total$/)).locator('dd').textContent();
  return (text ?? '').trim();
}
