/**
 * Page forms in Chromium on the demo store's contact page: the contact form with every field
 * type submitted through the hydrated island and read back through the owner API; each
 * status-code message of docs/behaviour/forms-and-captcha.md#messages (the server made to answer 401, 404, 429 and 500);
 * the wholesale form with its ALTCHA captcha solved in the browser; and the same contact form
 * with JavaScript off, posted as a plain form.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WEBSITE_ROLES } from '../../src/shared/roles.ts';
import { newVisitor, useStore, type Visitor } from '../helpers/e2e-store.ts';
import { loginOwner } from '../helpers/site-users.ts';

const store = useStore({
  // A cheap proof of work, so the captcha solves at once in the browser.
  env: { ALTCHA_MAX_NUMBER: '1000' },
});

/** A fresh visitor on a path, its console errors and uncaught errors collected. */
async function visit(
  path: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Visitor> {
  const visitor = await newVisitor(store.browser, options);
  await visitor.page.goto(`${store.origin}${path}`);
  if (options.javaScriptEnabled !== false)
    await visitor.page.waitForSelector(
      'vitrine-island[data-island="PageForm"][data-hydrated="true"]',
    );
  return visitor;
}

const CONTACT = '#page-form-contact-form';

/** Fills every field of the demo's contact form. */
async function fillContactForm(page: Page): Promise<void> {
  const form = page.locator(CONTACT);
  const fill = (name: string, value: string) => form.locator(`[name="${name}"]`).fill(value);
  await fill('f:name:0', 'Ada');
  await fill('f:name:1', 'Lovelace');
  await fill('f:email', 'ada@example.com');
  await fill('f:phone:0', '555');
  await fill('f:phone:1', '123');
  await fill('f:phone:2', '4567');
  await form.locator('[name="f:topic"]').selectOption('Sizing');
  await fill('f:order', 'VT-1001');
  await fill('f:ordered:0', '11');
  await fill('f:ordered:1', '24');
  await fill('f:ordered:2', '2026');
  await fill('f:items', '2');
  await fill('f:total', '64.00');
  await fill('f:delivery:0', '214 Water Street');
  await fill('f:delivery:2', 'Brooklyn');
  await fill('f:delivery:3', 'NY');
  await fill('f:delivery:4', '11201');
  await fill('f:delivery:5', 'United States');
  await fill('f:website', 'https://ada.example');
  await fill('f:callback:0', '9');
  await fill('f:callback:1', '30');
  await form.locator('[name="f:callback:3"]').selectOption('AM');
  await form.locator('[name="f:reply"][value="Phone"]').check();
  await form.locator('[name="f:interests"][value="Workshops"]').check();
  await form.locator('[name="f:interests"][value="Gift cards"]').check();
  await form.locator('[name="f:service:0"][value="Agree"]').check();
  await form.locator('[name="f:service:1"][value="Strongly Agree"]').check();
  await fill('f:message', 'Which size fits a 100 cm chest?');
}

/** What a visitor's contact form should have stored, whichever way it was sent. */
const STORED = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  phone: ['', '555', '123', '4567'],
  topic: 'Sizing',
  order: 'VT-1001',
  ordered: ['11', '24', '2026'],
  items: '2',
  total: '64.00',
  delivery: ['214 Water Street', '', 'Brooklyn', 'NY', '11201', 'United States'],
  website: 'https://ada.example',
  callback: ['9', '30', '', 'AM'],
  reply: 'Phone',
  interests: ['Workshops', 'Gift cards'],
  service: { 'Delivery speed': 'Agree', Packaging: 'Strongly Agree' },
  message: 'Which size fits a 100 cm chest?',
};

interface StoredSubmission {
  answers: Record<string, unknown>;
  pagePath: string | null;
  pageTitle: string | null;
}

let owner: Awaited<ReturnType<typeof loginOwner>> | undefined;

/** The newest submissions of a form, read through the owner API. */
async function ownerSubmissions(formId: string): Promise<StoredSubmission[]> {
  owner ??= await loginOwner(
    store.harness.app,
    store.harness.database.db,
    'owner@example.com',
    WEBSITE_ROLES.ADMIN,
  );
  const response = await owner.inject({ url: `/api/vitrine/owner/forms/${formId}/submissions` });
  expect(response.statusCode).toBe(200);
  return response.json<{ submissions: StoredSubmission[] }>().submissions;
}

const successText = (page: Page) => page.locator('.page-form-success').textContent();

describe('the contact form with JavaScript', () => {
  it('submits every field type through the island and the owner API reads it back', async () => {
    const { context, page, problems } = await visit('/contact?utm_source=e2e-mail');
    await expect(page.locator(`${CONTACT} .page-form-counter`).textContent()).resolves.toBe(
      '0/1000',
    );
    await fillContactForm(page);
    await expect(page.locator(`${CONTACT} .page-form-counter`).textContent()).resolves.toBe(
      '31/1000',
    );
    await page.locator(`${CONTACT} button[type="submit"]`).click();
    await page.waitForSelector('.page-form-success');
    await expect(successText(page)).resolves.toBe(
      'Thank you. We will be in touch within two working days.',
    );
    expect(page.url()).toBe(`${store.origin}/contact?utm_source=e2e-mail`);
    const [newest] = await ownerSubmissions('contact-form');
    expect(newest?.answers).toEqual({ ...STORED, source: 'e2e-mail' });
    expect(newest).toMatchObject({ pagePath: '/contact', pageTitle: 'Contact' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the errors above the fields and scrolls up to the first one', async () => {
    const { context, page } = await visit('/contact');
    const form = page.locator(CONTACT);
    await form.locator('button[type="submit"]').scrollIntoViewIfNeeded();
    await form.locator('[name="f:email"]').fill('not-an-email');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.page-form-message').textContent()).resolves.toBe(
      'One or more fields is invalid, please check your entries.',
    );
    await expect(form.locator('.page-form-problem').allTextContents()).resolves.toEqual([
      'Your form has encountered a problem. Please scroll down to review.',
      'Your form has encountered a problem. Please scroll up to review.',
    ]);
    await expect(form.locator('.page-form-error').allTextContents()).resolves.toEqual([
      'Required',
      'Email is not valid. Email addresses should follow the format name@example.com.',
      'Required',
    ]);
    const axe = await new AxeBuilder({ page }).include(CONTACT).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    // The tween ends 30 px above the first error.
    await page.waitForFunction(() => {
      const first = document.querySelector('#page-form-contact-form [data-form-error]');
      return first !== null && Math.abs(first.getBoundingClientRect().top - 30) < 2;
    });
    await context.close();
  });

  it.each([
    [401, 'Unable to submit form. Please try again later.'],
    [404, 'This form has not been configured yet.'],
    [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'Unable to send form. Please try again later.'],
  ])('shows the message for a %i answer', async (status, message) => {
    const { context, page } = await visit('/contact');
    await page.route('**/api/form/SaveFormSubmission', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: '{"error":{}}' }),
    );
    await fillContactForm(page);
    const button = page.locator(`${CONTACT} button[type="submit"]`);
    await button.click();
    const alert = page.locator(`${CONTACT} .page-form-message`);
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(message);
    await expect(button.isEnabled()).resolves.toBe(true);
    await expect(button.textContent()).resolves.toBe('Submit');
    await context.close();
  });
});

describe('the wholesale form’s captcha', () => {
  it('is required, then solved in the browser and accepted by the server', async () => {
    const { context, page, problems } = await visit('/contact');
    const form = page.locator('#page-form-wholesale-form');
    await form.scrollIntoViewIfNeeded();
    await form.locator('[name="f:name:0"]').fill('Jo');
    await form.locator('[name="f:name:1"]').fill('Maker');
    await form.locator('[name="f:shop"]').fill('Paper & Thread');
    await form.locator('[name="f:email"]').fill('jo@example.com');
    await form.locator('[name="f:channel"][value="Both"]').check();
    await form.locator('[name="f:lines"][value="Shirts"]').check();
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.page-form-captcha .page-form-error').textContent()).resolves.toBe(
      'Complete CAPTCHA before submitting.',
    );

    // The widget, loaded once the form was shown, keeps the form accessible.
    const axe = await new AxeBuilder({ page }).include('#page-form-wholesale-form').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await form.locator('altcha-widget label').click();
    await form.locator('altcha-widget [data-state="verified"]').waitFor();
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('#page-form-wholesale-form.page-form--submitted');
    await expect(successText(page)).resolves.toBe(
      'Thank you. Our wholesale team will reply within three working days.',
    );
    const [newest] = await ownerSubmissions('wholesale-form');
    expect(newest?.answers).toMatchObject({
      name: ['Jo', 'Maker'],
      shop: 'Paper & Thread',
      channel: 'Both',
      lines: ['Shirts'],
      source: 'contact-page',
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the contact form with JavaScript off', () => {
  it('posts as a plain form: errors on the page, then stored with the submission message', async () => {
    const { context, page } = await visit('/contact', { javaScriptEnabled: false });
    await page.locator(`${CONTACT} button[type="submit"]`).click();
    await page.waitForURL(`${store.origin}/forms/submit#page-form-contact-form`);
    await expect(page.locator(`${CONTACT} .page-form-message`).textContent()).resolves.toBe(
      'One or more fields is invalid, please check your entries.',
    );
    await expect(page.locator(`${CONTACT} .page-form-error`).allTextContents()).resolves.toEqual([
      'Required',
      'Required',
      'Required',
    ]);

    await fillContactForm(page);
    await page.locator(`${CONTACT} button[type="submit"]`).click();
    await page.waitForSelector('.page-form-success');
    await expect(successText(page)).resolves.toBe(
      'Thank you. We will be in touch within two working days.',
    );
    const [newest] = await ownerSubmissions('contact-form');
    expect(newest?.answers).toEqual({ ...STORED, source: 'contact-page' });
    await context.close();
  });
});
