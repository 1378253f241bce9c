// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../clients/cart-store.ts';
import { storedXsrfToken, storeXsrfToken } from '../../clients/session-token.ts';
import SiteUserControls from './SiteUserControls.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'crumb=crumb-1; path=/';
});
afterEach(() => {
  cleanup();
  cartStore.reset();
  storeXsrfToken(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = 'vitrine-user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

describe('SiteUserControls', () => {
  it('is a plain link to the login page without JavaScript', () => {
    const html = renderToString(<SiteUserControls email={null} />);
    expect(html).toContain('<a class="site-account" href="/account/login">Log in</a>');
    expect(html).not.toContain('<form');
    expect(renderToString(<SiteUserControls email="a@b.c" />)).toContain(
      '<a class="site-account" href="/account">Your account</a>',
    );
  });

  it('logs in from the header, keeps the xsrfToken and shows the merged guest cart', async () => {
    cartStore.update({ totalQuantity: 2, subtotalCents: 5000 });
    fetchMock.mockImplementation(async (input) => {
      if (input === '/api/site-users/account/session') {
        document.cookie = 'vitrine-user=1; path=/';
        return json({ xsrfToken: 'xsrf-1' });
      }
      // The user's cart after the merge: the guest's two items plus one saved earlier.
      return json({ totalQuantity: 3, subtotalCents: 7000, items: [] });
    });
    render(<SiteUserControls email={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'shopper@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Log in' }));
    await settle();
    expect(storedXsrfToken()).toBe('xsrf-1');
    expect(screen.getByRole('link', { name: 'Your account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(cartStore.getSnapshot()?.totalQuantity).toBe(3);
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValue(json({ error: { message: 'Wrong email or password.' } }, 401));
    render(<SiteUserControls email={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'x@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Log in' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Wrong email or password.');
  });

  it('logs out, retrying once on crumbFail, and empties the cart widgets', async () => {
    storeXsrfToken('stale');
    cartStore.update({ totalQuantity: 3, subtotalCents: 7000 });
    fetchMock
      .mockResolvedValueOnce(
        json({ crumbFail: true, error: { code: 'SESSION_EXPIRED', message: 'x' } }, 403),
      )
      .mockResolvedValueOnce(json({}));
    render(<SiteUserControls email="shopper@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(cartStore.getSnapshot()?.totalQuantity).toBe(0);
    expect(storedXsrfToken()).toBeNull();
  });
});
