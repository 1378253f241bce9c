// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PRODUCT_TOTAL_EVENT,
  rememberProductTotal,
} from '../../shared/catalog/product-total-event.ts';
import { ENGLISH_STRINGS } from '../../shared/site-context/localized-strings.ts';
import PayLaterTeaser from './PayLaterTeaser.tsx';

const strings = {
  payLaterText: ENGLISH_STRINGS.payLaterText,
  payLaterOneLine: ENGLISH_STRINGS.payLaterOneLine,
  payLaterMoreInformation: ENGLISH_STRINGS.payLaterMoreInformation,
  payLaterClosePopup: ENGLISH_STRINGS.payLaterClosePopup,
  payLaterInstallmentsBy: ENGLISH_STRINGS.payLaterInstallmentsBy,
};

const base = {
  available: true,
  productType: 1,
  totalCents: 6800,
  minCents: 3200,
  maxCents: 6800,
  currency: 'USD',
  moneyLocale: 'en-US',
  providerLocale: 'en_US',
  strings,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response('<h2>Pay in 4</h2>', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.removeAttribute('class');
});

const message = () => document.querySelector('.pay-later-message')?.textContent;
const provider = () => screen.getByRole('button', { name: /More information/ });

async function flush(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('PayLaterTeaser messages', () => {
  it("in range (at the maximum): '4 interest-free payments of $17.00', 'Installments by' the button", () => {
    render(<PayLaterTeaser {...base} />);
    expect(message()).toBe('4 interest-free payments of $17.00');
    expect(document.querySelector('.pay-later-by')?.textContent).toMatch(
      /^Installments by Afterpay/,
    );
    expect(provider().textContent).toContain('More information');
  });

  it("above the maximum: 'available for orders up to $68.00'", () => {
    render(<PayLaterTeaser {...base} totalCents={14500} />);
    expect(message()).toBe('available for orders up to $68.00');
  });

  it("below the minimum: 'available for orders over $32.00' (and at it)", () => {
    render(<PayLaterTeaser {...base} totalCents={1800} />);
    expect(message()).toBe('available for orders over $32.00');
    cleanup();
    render(<PayLaterTeaser {...base} totalCents={3200} />);
    expect(message()).toBe('available for orders over $32.00');
  });

  it("one-line variant: 'or 4 interest-free payments of $13.50 with' the button", () => {
    render(<PayLaterTeaser {...base} totalCents={5400} oneLine />);
    expect(document.querySelector('.pay-later-teaser')?.textContent).toMatch(
      /^or 4 interest-free payments of \$13\.50 with Afterpay/,
    );
  });

  it('renders nothing when pay-later is not available or the item is not physical', () => {
    const { container } = render(<PayLaterTeaser {...base} available={false} />);
    expect(container.innerHTML).toBe('');
    cleanup();
    const digital = render(<PayLaterTeaser {...base} productType={2} />);
    expect(digital.container.innerHTML).toBe('');
  });

  it('renders nothing for props of the wrong shape', () => {
    const { container } = render(<PayLaterTeaser {...base} currency="dollars" />);
    expect(container.innerHTML).toBe('');
  });

  it('server-renders the same message', () => {
    expect(renderToString(<PayLaterTeaser {...base} />)).toContain(
      '4 interest-free payments of $17.00',
    );
  });
});

describe("following the product form's total", () => {
  it('takes each total the form announces for its item', () => {
    render(<PayLaterTeaser {...base} itemId="shirt" />);
    act(() => {
      document.dispatchEvent(
        new CustomEvent(PRODUCT_TOTAL_EVENT, { detail: { itemId: 'shirt', totalCents: 4000 } }),
      );
    });
    expect(message()).toBe('4 interest-free payments of $10.00');
    act(() => {
      document.dispatchEvent(
        new CustomEvent(PRODUCT_TOTAL_EVENT, { detail: { itemId: 'other', totalCents: 6000 } }),
      );
    });
    expect(message()).toBe('4 interest-free payments of $10.00');
  });

  it('hydrated after the form spoke (when the page is idle), starts from its latest total', () => {
    // Another item than the test above's, as the total is remembered for the page.
    rememberProductTotal({ itemId: 'scarf', totalCents: 3600 });
    rememberProductTotal({ itemId: 'scarf', totalCents: 4800 });
    render(<PayLaterTeaser {...base} itemId="scarf" />);
    expect(message()).toBe('4 interest-free payments of $12.00');
  });
});

describe('the pill colour', () => {
  it('is white when the page background is dark', () => {
    document.body.style.backgroundColor = 'rgb(28, 28, 30)';
    render(<PayLaterTeaser {...base} />);
    expect(provider().classList.contains('pay-later-provider-white')).toBe(true);
    document.body.style.backgroundColor = '';
  });

  it('keeps its colour on a light background', () => {
    document.body.style.backgroundColor = 'rgb(255, 255, 255)';
    render(<PayLaterTeaser {...base} />);
    expect(provider().classList.contains('pay-later-provider-white')).toBe(false);
    document.body.style.backgroundColor = '';
  });
});

describe('the information popup', () => {
  const dialog = () => document.querySelector<HTMLDialogElement>('dialog.pay-later-dialog');

  it("opens a dialog labelled after the provider, with a 'Close Popup' button focused", async () => {
    render(<PayLaterTeaser {...base} />);
    expect(dialog()?.open).toBe(false);
    fireEvent.click(provider());
    await flush();
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('aria-label')).toBe('Afterpay information popup');
    const close = screen.getByRole('button', { name: 'Close Popup', hidden: true });
    expect(document.activeElement).toBe(close);
    expect(dialog()?.querySelector('.pay-later-content')?.innerHTML).toBe('<h2>Pay in 4</h2>');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/vitrine/pay-later/modal/en_US/white');
  });

  it('closes on the close button and returns focus to the opener', async () => {
    render(<PayLaterTeaser {...base} />);
    provider().focus();
    fireEvent.click(provider());
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Close Popup', hidden: true }));
    expect(dialog()?.open).toBe(false);
    expect(document.activeElement).toBe(provider());
  });

  it('closes on Escape and returns focus', async () => {
    render(<PayLaterTeaser {...base} />);
    fireEvent.click(provider());
    await flush();
    const target = dialog();
    if (!target) throw new Error('no dialog');
    fireEvent.keyDown(target, { key: 'Escape' });
    expect(target.open).toBe(false);
    expect(document.activeElement).toBe(provider());
  });

  it('closes on a click outside (the backdrop), not on a click inside', async () => {
    render(<PayLaterTeaser {...base} />);
    fireEvent.click(provider());
    await flush();
    const target = dialog();
    if (!target) throw new Error('no dialog');
    fireEvent.click(target.querySelector('.pay-later-dialog-body') as Element);
    expect(target.open).toBe(true);
    fireEvent.click(target);
    expect(target.open).toBe(false);
  });

  it('traps Tab and Shift+Tab inside', async () => {
    fetchMock.mockResolvedValue(new Response('<a href="/terms">Terms</a>', { status: 200 }));
    render(<PayLaterTeaser {...base} />);
    fireEvent.click(provider());
    await flush();
    const target = dialog();
    if (!target) throw new Error('no dialog');
    const close = screen.getByRole('button', { name: 'Close Popup', hidden: true });
    const terms = target.querySelector<HTMLAnchorElement>('a[href="/terms"]');
    terms?.focus();
    fireEvent.keyDown(target, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(target, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(terms);
  });

  it('asks for the locale first and falls back to en_US white', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 404 }))
      .mockResolvedValueOnce(new Response('<p>English</p>', { status: 200 }));
    render(<PayLaterTeaser {...base} providerLocale="fr_CA" />);
    fireEvent.click(provider());
    await flush();
    await flush();
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      '/api/vitrine/pay-later/modal/fr_CA/white',
      '/api/vitrine/pay-later/modal/en_US/white',
    ]);
    expect(dialog()?.querySelector('.pay-later-content')?.textContent).toBe('English');
  });

  it('only logs a warning when the content cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    render(<PayLaterTeaser {...base} />);
    fireEvent.click(provider());
    await flush();
    expect(warn).toHaveBeenCalledWith(
      'Pay-later information could not be loaded',
      expect.any(TypeError),
    );
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.querySelector('.pay-later-content')).toBeNull();
  });

  it('fetches the content once however often it opens', async () => {
    render(<PayLaterTeaser {...base} />);
    fireEvent.click(provider());
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Close Popup', hidden: true }));
    fireEvent.click(provider());
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
