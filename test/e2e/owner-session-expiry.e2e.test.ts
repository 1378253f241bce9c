/**
 * The owner dashboard in Chromium when work outlives the login, and the Settings page's
 * checkout lists as forms: an owner edits a product, the login ends server-side (its session row
 * deleted), saving asks for the login again over the page, and after logging in the edited
 * value is still in its field and saves. The edit is kept in the tab too: a reload between the
 * refused save and the login gives it back, until it is saved or discarded. On Settings the
 * owner adds a shipping option, which is there after a reload; both pages pass axe at 390 and
 * 1280 px. Screenshots go to the OS temp directory for a person to look at.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { addDemoOwners, DEMO_OWNER_PASSWORD } from '../../src/server/modules/owners/index.ts';
import { readStoreSettings } from '../../src/server/modules/store-admin/store-settings.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({ prepare: (harness) => addDemoOwners(harness.database) });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = path.join(tmpdir(), 'vitrine-owner-session');

async function logIn(page: Page | ReturnType<Page['getByRole']>): Promise<void> {
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(DEMO_OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

// Two logins and two saves in one journey: a loaded machine needs more than the usual minute.
describe('an owner whose login ends while editing', { timeout: 300_000 }, () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('logs in again over the page and saves the edit it kept (%s)', async (name, viewport) => {
    const { db } = store.harness.database;
    const { context, page, problems } = await newVisitor(store.browser, { viewport });
    await page.goto(`${store.origin}/config/products/field-notebook`);
    await logIn(page);
    const title = page.getByLabel('Title');
    await title.waitFor();
    const edited = `Field Notebook, dotted (${name})`;
    await title.fill(edited);

    await db.delete(schema.ownerSessions);
    await page.getByRole('button', { name: 'Save product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in again' });
    await dialog.getByRole('heading', { name: 'Your login has ended' }).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(SHOTS, `expired-${name}.png`), fullPage: true });

    await logIn(dialog);
    await dialog.waitFor({ state: 'detached' });
    expect(await title.inputValue()).toBe(edited);
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const [saved] = await db
      .select({ title: schema.products.title })
      .from(schema.products)
      .where(eq(schema.products.id, 'field-notebook'));
    expect(saved?.title).toBe(edited);
    // The refused save is the one 401 this journey causes.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });
});

describe('an owner whose login ends and whose page is then reloaded', { timeout: 300_000 }, () => {
  it('logs in on the login page and finds the edit kept in the tab, saved then cleared', async () => {
    const { db } = store.harness.database;
    const { context, page, problems } = await newVisitor(store.browser, { viewport: DESKTOP });
    const productPage = `${store.origin}/config/products/field-notebook`;
    await page.goto(productPage);
    await logIn(page);
    const title = page.getByLabel('Title');
    await title.waitFor();
    const edited = 'Field Notebook, kept through a reload';
    await title.fill(edited);

    await db.delete(schema.ownerSessions);
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('dialog', { name: 'Log in again' }).waitFor();
    // The tab reloads (or the owner opens the page anew): nothing of the page is in memory now.
    await page.reload();
    await page.getByRole('heading', { name: 'Log in to your store' }).waitFor();
    await logIn(page);
    await title.waitFor();
    expect(page.url()).toBe(productPage);
    expect(await title.inputValue()).toBe(edited);
    await page.getByRole('note').filter({ hasText: 'Your unsaved changes' }).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(SHOTS, 'restored.png'), fullPage: true });

    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const [saved] = await db
      .select({ title: schema.products.title })
      .from(schema.products)
      .where(eq(schema.products.id, 'field-notebook'));
    expect(saved?.title).toBe(edited);
    expect(await page.getByRole('note').filter({ hasText: 'Your unsaved changes' }).count()).toBe(
      0,
    );

    // Saved, the draft is gone: a further unsaved edit is dropped by 'Discard changes'.
    await title.fill('Not wanted');
    await page.reload();
    await title.waitFor();
    expect(await title.inputValue()).toBe('Not wanted');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    expect(await title.inputValue()).toBe(edited);
    await page.reload();
    await title.waitFor();
    expect(await title.inputValue()).toBe(edited);
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });
});

describe('the checkout lists on Settings', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('add a shipping option that is there after a reload (%s)', async (name, viewport) => {
    const { context, page, problems } = await newVisitor(store.browser, { viewport });
    await page.goto(`${store.origin}/config/settings`);
    await logIn(page);
    const shipping = page.getByRole('form', { name: 'Shipping options' });
    await shipping.getByRole('button', { name: 'Add a shipping option' }).click();
    const added = shipping.getByRole('group').last();
    const optionName = `Courier ${name}`;
    await added.getByLabel('Name').fill(optionName);
    await added.getByLabel(/^Price/).fill('not a price');
    await shipping.getByRole('button', { name: 'Save shipping options' }).click();
    await added.getByText('Enter an amount of 0 or more').waitFor();
    await expectNoAxeViolations(page);

    await added.getByLabel(/^Price/).fill('12.5');
    await shipping.getByRole('button', { name: 'Save shipping options' }).click();
    await shipping.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, `settings-${name}.png`), fullPage: true });
    const [site] = await store.harness.database.db
      .select({ id: schema.sites.id })
      .from(schema.sites);
    const settings = await readStoreSettings(store.harness.database.db, site?.id ?? '');
    expect(settings.shippingRates).toContainEqual(
      expect.objectContaining({ name: optionName, amountCents: 1250 }),
    );

    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('form', { name: 'Shipping options' })
          .getByRole('group', { name: optionName })
          .count(),
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
