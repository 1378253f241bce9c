/**
 * The store email previews in Chromium: the owner follows the Settings page's link and sees each
 * email as the shopper gets it (the HTML part in its frame, under its subject and recipient),
 * framed in the dashboard's look: its header, font and colours, the email being shown marked
 * among the others, and nothing wider than a phone. Axe finds nothing at 390 and 1280 px.
 * Screenshots go to the OS temp directory for a person to look at.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { addDemoOwners, DEMO_OWNER_PASSWORD } from '../../src/server/modules/owners/index.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({ prepare: (harness) => addDemoOwners(harness.database) });

const SHOTS = path.join(tmpdir(), 'vitrine-email-preview');
/** The dashboard's accent colour (admin.css --accent, #1a4fd6). */
const ACCENT = 'rgb(26, 79, 214)';

async function expectNoAxeViolations(page: Page): Promise<void> {
  // The mail's frame is sandboxed without scripts, as a mail client shows it: axe's run inside
  // it never answers, so axe checks the page around it and leaves the frame out.
  const results = await new AxeBuilder({ page }).exclude('iframe.mail-body').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

// A login, two previews and axe in one journey: a loaded machine needs more than the usual minute.
describe('the store email previews', { timeout: 300_000 }, () => {
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ])(
    'show the mail as the shopper gets it, in the dashboard’s frame (%s)',
    async (name, viewport) => {
      const [site] = await store.harness.database.db
        .select({ title: schema.sites.title })
        .from(schema.sites);
      const { context, page, problems } = await newVisitor(store.browser, { viewport });
      await page.goto(`${store.origin}/config/settings`);
      await page.getByLabel('Email').fill('owner@example.com');
      await page.getByLabel('Password').fill(DEMO_OWNER_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('link', { name: 'Preview the emails shoppers get' }).click();
      await page
        .getByRole('heading', { level: 1, name: 'Email preview: Order confirmation' })
        .waitFor();

      // The dashboard's stylesheet applies: its font, its header, its accent on the current email.
      const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(font).toContain('system-ui');
      const header = page.locator('header.shell-header');
      expect(await header.getByText('Store admin').isVisible()).toBe(true);
      expect(await header.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
      const kinds = page.getByRole('navigation', { name: 'Emails' });
      const current = kinds.getByRole('link', { name: 'Order confirmation' });
      expect(await current.getAttribute('aria-current')).toBe('page');
      expect(await current.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        ACCENT,
      );

      // The mail: subject and recipient over the HTML part, whose frame fills the card.
      const mail = page.getByRole('region', {
        name: 'Order confirmation email as the shopper gets it',
      });
      await expect
        .poll(() =>
          mail
            .getByText(/order #1001/i)
            .first()
            .isVisible(),
        )
        .toBe(true);
      const frame = mail.locator('iframe');
      const [frameBox, mailBox] = await Promise.all([frame.boundingBox(), mail.boundingBox()]);
      expect(frameBox?.width).toBe(mailBox ? mailBox.width - 2 : -1);
      const inFrame = page.frameLocator('iframe.mail-body');
      await inFrame
        .getByText(site?.title ?? '')
        .first()
        .waitFor();
      expect(await inFrame.getByText(/#1001/).count()).toBeGreaterThan(0);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: path.join(SHOTS, `order-confirmation-${name}.png`),
        fullPage: true,
      });

      await kinds.getByRole('link', { name: 'Shipping confirmation' }).click();
      await page
        .getByRole('heading', { level: 1, name: 'Email preview: Shipping confirmation' })
        .waitFor();
      expect(
        await kinds
          .getByRole('link', { name: 'Shipping confirmation' })
          .getAttribute('aria-current'),
      ).toBe('page');
      await page
        .frameLocator('iframe.mail-body')
        .getByText(site?.title ?? '')
        .first()
        .waitFor();
      await page.getByRole('link', { name: 'Back to Settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      // The test's own tools (axe, the frame's locators) reaching into the sandboxed mail frame
      // are refused its scripts, which is the sandbox working; anything else is a problem.
      const sandboxRefusals =
        /^Blocked script execution in '[^']*\?part=html' because the document's frame is sandboxed/;
      expect(problems.filter((problem) => !sandboxRefusals.test(problem))).toEqual([]);
      await context.close();
    },
  );
});
