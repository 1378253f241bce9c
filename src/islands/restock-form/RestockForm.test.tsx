// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RestockFormProps } from '../../shared/restock/form-props.ts';
import { rememberVariantChange } from '../../shared/restock/variant-change.ts';
import type { RestockCaptchaWidget } from './captcha.ts';
import RestockForm from './RestockForm.tsx';

const MESSAGES = {
  heading: 'Get notified when this is back in stock',
  emailLabel: 'Email address',
  submit: 'Notify me',
  mailingList: 'Also sign me up for news and updates',
  success: "Thank you. We'll email you when it's back in stock.",
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
};

const BASE: RestockFormProps = {
  itemId: 'shirt',
  soldOutVariants: [
    { id: 'shirt-l', label: 'L / Sand' },
    { id: 'shirt-xl', label: 'XL / Sand' },
  ],
  onlyVariantId: null,
  messages: MESSAGES,
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: true,
  captcha: { siteKey: 'key', provider: 'altcha' },
};

const fetchMock = vi.fn<typeof fetch>();
let widget: { [K in keyof RestockCaptchaWidget]: ReturnType<typeof vi.fn> };
let loadCaptcha: ReturnType<typeof vi.fn>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

function variantChange(detail: unknown): void {
  act(() => {
    document.dispatchEvent(new CustomEvent('vitrine:variant-change', { detail }));
  });
}

async function flush(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

function section(): HTMLElement {
  const element = document.getElementById('restock');
  if (!element) throw new Error('no restock section');
  return element;
}

function renderIsland(props: Partial<RestockFormProps> = {}) {
  return render(<RestockForm {...BASE} {...props} loadCaptcha={loadCaptcha as never} />);
}

function submitWith(email: string): void {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'crumb=crumb-1';
  widget = {
    response: vi.fn(() => 'solved-token'),
    reset: vi.fn(),
    destroy: vi.fn(),
  };
  loadCaptcha = vi.fn(() => Promise.resolve(widget));
  window.history.replaceState(null, '', '/shop/p/shirt');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RestockForm without JavaScript (server-rendered)', () => {
  const html = (props: Partial<RestockFormProps> = {}) =>
    renderToString(<RestockForm {...BASE} {...props} />);

  it('is a plain form posting to /commerce/restock-signup with the product, its id joining the crumb field', () => {
    const markup = html();
    expect(markup).toMatch(/<form [^>]*action="\/commerce\/restock-signup"/);
    expect(markup).toMatch(/<form [^>]*method="post"/);
    // The crumb is the template's field (the island's HTML is the same for every visitor).
    expect(markup).not.toContain('name="crumb"');
    expect(markup).toMatch(/<form [^>]*id="restock-form-shirt"/);
    expect(markup).toContain('name="productId" value="shirt"');
    expect(markup).toContain('name="siteVisitorEmail"');
    expect(markup).not.toMatch(/<section[^>]* hidden/);
  });

  it('asks which sold-out variant when there are several, else names the one', () => {
    expect(html()).toContain('<option value="shirt-xl">XL / Sand</option>');
    const one = html({ soldOutVariants: [{ id: 'shirt-l', label: 'L' }] });
    expect(one).toContain('type="hidden" name="variantId" value="shirt-l"');
    expect(one).not.toContain('<select');
  });

  it('checks the mailing-list opt-in by default only when the site says so', () => {
    expect(html()).toMatch(/<input [^>]*name="isJoinMailingList"[^>]*checked/);
    expect(html({ mailingListOptInByDefault: false })).not.toMatch(
      /<input [^>]*name="isJoinMailingList"[^>]*checked/,
    );
    expect(html({ mailingListSignUpEnabled: false })).not.toContain('isJoinMailingList');
  });

  it('has a captcha container only when the site has a site key', () => {
    expect(html()).toContain('class="restock-captcha" data-captcha-provider="altcha"');
    expect(html({ captcha: null })).not.toContain('restock-captcha');
  });

  it('carries the success message the no-JavaScript sign-up returns to', () => {
    expect(html()).toContain('id="restock-signed-up"');
  });

  it('marks a product with several variants as awaiting the choice, for script-on browsers', () => {
    expect(html()).toContain('data-awaits-choice=""');
    expect(html({ onlyVariantId: 'shirt-l' })).not.toContain('data-awaits-choice');
  });

  it('is hidden when nothing was sold out at render time', () => {
    expect(html({ soldOutVariants: [] })).toMatch(/<section[^>]* hidden/);
  });
});

describe('RestockForm with JavaScript: when it shows', () => {
  it('is hidden while no variant is chosen, and follows the chosen variant', () => {
    renderIsland();
    expect(section().hidden).toBe(true);
    variantChange({ itemId: 'shirt', variantId: 'shirt-l', soldOut: true });
    expect(section().hidden).toBe(false);
    variantChange({ itemId: 'shirt', variantId: 'shirt-m', soldOut: false });
    expect(section().hidden).toBe(true);
    variantChange({ itemId: 'shirt', variantId: 'shirt-l', soldOut: true });
    expect(section().hidden).toBe(false);
    variantChange({ itemId: 'shirt', variantId: null, soldOut: false });
    expect(section().hidden).toBe(true);
  });

  it('drops the awaiting mark once it runs', () => {
    renderIsland();
    expect(section().hasAttribute('data-awaits-choice')).toBe(false);
  });

  it("ignores another product's variant changes", () => {
    renderIsland();
    variantChange({ itemId: 'other', variantId: 'shirt-l', soldOut: true });
    expect(section().hidden).toBe(true);
  });

  it('shows for a sold-out variant newly reported by the product form (stock refreshed)', () => {
    renderIsland({ soldOutVariants: [] });
    variantChange({ itemId: 'shirt', variantId: 'shirt-s', soldOut: true });
    expect(section().hidden).toBe(false);
  });

  it('hydrated after the product form spoke (when the page is idle), starts from its latest choice', () => {
    // Another item than the other tests', as the choice is remembered for the page.
    const scarf = { itemId: 'scarf', soldOutVariants: [{ id: 'scarf-red', label: 'Red' }] };
    rememberVariantChange({ itemId: 'scarf', variantId: 'scarf-blue', soldOut: false });
    rememberVariantChange({ itemId: 'scarf', variantId: 'scarf-red', soldOut: true });
    renderIsland(scarf);
    expect(section().hidden).toBe(false);
    cleanup();
    rememberVariantChange({ itemId: 'scarf', variantId: null, soldOut: false });
    renderIsland(scarf);
    expect(section().hidden).toBe(true);
  });

  it('starts from the only variant, or the sold-out variant in ?variant=', () => {
    renderIsland({ onlyVariantId: 'shirt-l', soldOutVariants: [{ id: 'shirt-l', label: 'L' }] });
    expect(section().hidden).toBe(false);
    cleanup();
    window.history.replaceState(null, '', '/shop/p/shirt?variant=shirt-xl');
    renderIsland();
    expect(section().hidden).toBe(false);
    expect(document.querySelector<HTMLInputElement>('[name="variantId"]')?.value).toBe('shirt-xl');
  });

  it('loads the captcha once, when the form is first shown', async () => {
    renderIsland();
    await flush();
    expect(loadCaptcha).not.toHaveBeenCalled();
    variantChange({ itemId: 'shirt', variantId: 'shirt-l', soldOut: true });
    await flush();
    expect(loadCaptcha).toHaveBeenCalledTimes(1);
    expect(loadCaptcha).toHaveBeenCalledWith(
      document.querySelector('.restock-captcha'),
      BASE.captcha,
    );
    variantChange({ itemId: 'shirt', variantId: 'shirt-xl', soldOut: true });
    await flush();
    expect(loadCaptcha).toHaveBeenCalledTimes(1);
  });
});

describe('RestockForm with JavaScript: the captcha load', () => {
  it('loads once even when the form is hidden and shown again while it loads', async () => {
    let finish: (loaded: RestockCaptchaWidget) => void = () => undefined;
    loadCaptcha.mockReturnValue(
      new Promise<RestockCaptchaWidget>((resolve) => {
        finish = resolve;
      }),
    );
    renderIsland();
    variantChange({ itemId: 'shirt', variantId: 'shirt-l', soldOut: true });
    variantChange({ itemId: 'shirt', variantId: 'shirt-m', soldOut: false });
    variantChange({ itemId: 'shirt', variantId: 'shirt-l', soldOut: true });
    await flush();
    expect(loadCaptcha).toHaveBeenCalledTimes(1);
    finish(widget as unknown as RestockCaptchaWidget);
    await flush();
    fetchMock.mockResolvedValue(json(200, { data: { signedUp: true, isJoinMailingList: true } }));
    submitWith('ann@example.com');
    await flush();
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toMatchObject({
      captchaToken: 'solved-token',
    });
  });

  it('destroys a widget that finishes loading after the island is gone', async () => {
    let finish: (loaded: RestockCaptchaWidget) => void = () => undefined;
    loadCaptcha.mockReturnValue(
      new Promise<RestockCaptchaWidget>((resolve) => {
        finish = resolve;
      }),
    );
    const { unmount } = renderIsland();
    variantChange({ itemId: 'shirt', variantId: 'shirt-l', soldOut: true });
    await flush();
    unmount();
    finish(widget as unknown as RestockCaptchaWidget);
    await flush();
    expect(widget.destroy).toHaveBeenCalledTimes(1);
  });
});

describe('RestockForm with JavaScript: signing up', () => {
  beforeEach(async () => {
    renderIsland();
    variantChange({ itemId: 'shirt', variantId: 'shirt-l', soldOut: true });
    await flush();
  });

  it("says 'Email cannot be blank' and 'Email is invalid' without calling the server", () => {
    submitWith('   ');
    expect(screen.getByRole('alert').textContent).toBe('Email cannot be blank');
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    submitWith('ann@');
    expect(screen.getByRole('alert').textContent).toBe('Email is invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Complete CAPTCHA before submitting.' while the captcha has no answer", () => {
    widget.response.mockReturnValue(undefined);
    submitWith('ann@example.com');
    expect(screen.getByRole('alert').textContent).toBe('Complete CAPTCHA before submitting.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up, then shows the success message in place of the form and destroys the captcha', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { signedUp: true, isJoinMailingList: true } }));
    submitWith('Ann@Example.com');
    await flush();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/vitrine/restock/signups');
    expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('crumb-1');
    expect(JSON.parse(init?.body as string)).toEqual({
      productId: 'shirt',
      variantId: 'shirt-l',
      siteVisitorEmail: 'Ann@Example.com',
      isJoinMailingList: true,
      captchaToken: 'solved-token',
    });
    expect(document.querySelector('.restock-form')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.success);
    expect(widget.destroy).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.restock-captcha')).toBeNull();
  });

  it('sends the opt-in as the shopper left it', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { signedUp: true, isJoinMailingList: false } }));
    fireEvent.click(screen.getByLabelText(MESSAGES.mailingList));
    submitWith('ann@example.com');
    await flush();
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toMatchObject({
      isJoinMailingList: false,
    });
  });

  it("shows the server's message and resets the captcha on failure", async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        error: { code: 'RESTOCK_IN_STOCK', message: 'That item is back in stock.' },
        data: { message: 'That item is back in stock.' },
      }),
    );
    submitWith('ann@example.com');
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('That item is back in stock.');
    expect(widget.reset).toHaveBeenCalledTimes(1);
    expect(widget.destroy).not.toHaveBeenCalled();
    expect(document.querySelector('.restock-form')).not.toBeNull();
  });

  it('offers a fresh form when another sold-out variant is chosen after a sign-up', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { signedUp: true, isJoinMailingList: true } }));
    submitWith('ann@example.com');
    await flush();
    variantChange({ itemId: 'shirt', variantId: 'shirt-xl', soldOut: true });
    await flush();
    expect(document.querySelector('.restock-form')).not.toBeNull();
    expect(document.querySelector<HTMLInputElement>('[name="variantId"]')?.value).toBe('shirt-xl');
    expect(loadCaptcha).toHaveBeenCalledTimes(2);
  });
});
