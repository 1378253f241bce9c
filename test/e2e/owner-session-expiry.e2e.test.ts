/**
 * The owner dashboard in Chromium when work outlives the login, and the Settings page's
 * checkout lists as forms: an owner edits a product, the login ends server-side (its session row
 * deleted), saving asks for the login again over the page, and after logging in the edited
 * value is still in its field and saves. The edit is kept in the tab too: a reload between the
 * refused save and the login gives it back, until it is saved or discarded. On Settings the
 * owner adds a shipping option, which is there after a reload; both pages pass axe at 390 and
 * 1280 px. A variant's price and the site settings form go the same way through a login that
 * ends and a page opened anew: the typed values come back with the notice saying so, and save. Screenshots go to the OS temp directory for a person to look at.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { addDemoOwners, DEMO_OWNER_PASSWORD } from '../../src/server/modules/owners/index.ts';
import { loadSiteSettings } from '../../src/server/modules/store-admin/site-settings.ts';
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

describe(
  'a variant price and the site settings through an ended login',
  { timeout: 300_000 },
  () => {
    it('come back typed after logging in on the login page, and save as typed', async () => {
      const { db } = store.harness.database;
      const { context, page, problems } = await newVisitor(store.browser, { viewport: PHONE });
      const kept = page.getByRole('note').filter({ hasText: 'Your unsaved changes' });

      /** The session ends before the save; the save asks for a login, and the tab is reloaded. */
      async function saveAfterTheLoginEnds(save: ReturnType<Page['getByRole']>): Promise<void> {
        await db.delete(schema.ownerSessions);
        await save.click();
        await page.getByRole('dialog', { name: 'Log in again' }).waitFor();
        await page.reload();
        await page.getByRole('heading', { name: 'Log in to your store' }).waitFor();
        await logIn(page);
      }

      const productPage = `${store.origin}/config/products/field-notebook`;
      await page.goto(productPage);
      await logIn(page);
      const variant = page.getByRole('form', { name: 'Variant FN-DOT-48' });
      const price = variant.getByLabel(/^Price/);
      await price.fill('21.5');
      const saveVariant = variant.getByRole('button', { name: 'Save FN-DOT-48' });
      await saveAfterTheLoginEnds(saveVariant);
      await price.waitFor();
      expect(page.url()).toBe(productPage);
      expect(await price.inputValue()).toBe('21.5');
      await variant.getByRole('note').filter({ hasText: 'Your unsaved changes' }).waitFor();
      await saveVariant.click();
      await variant.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const [savedVariant] = await db
        .select({ price: schema.variants.price })
        .from(schema.variants)
        .where(eq(schema.variants.id, 'field-notebook-default'));
      expect(savedVariant?.price).toBe(2150);
      expect(await kept.count()).toBe(0);

      const settingsPage = `${store.origin}/config/settings`;
      await page.goto(settingsPage);
      const siteForm = page.getByRole('form', { name: 'Pay later, captcha and cookies' });
      const country = siteForm.getByLabel('Payment account country');
      await country.fill('GB');
      await saveAfterTheLoginEnds(siteForm.getByRole('button', { name: 'Save settings' }));
      await country.waitFor();
      expect(page.url()).toBe(settingsPage);
      expect(await country.inputValue()).toBe('GB');
      await siteForm.getByRole('note').filter({ hasText: 'Your unsaved changes' }).waitFor();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: path.join(SHOTS, 'settings-restored.png'), fullPage: true });
      await siteForm.getByRole('button', { name: 'Save settings' }).click();
      await siteForm.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const [site] = await db.select({ id: schema.sites.id }).from(schema.sites);
      const settings = await loadSiteSettings(db, site?.id ?? '');
      expect(settings.payLater.stripeAccountCountry).toBe('GB');
      expect(await kept.count()).toBe(0);
      // The two refused saves are the 401s this journey causes.
      expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
      await context.close();
    });
  },
);

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
