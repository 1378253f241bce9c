// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AddressAutocomplete, {
  DEBOUNCE_MS,
  FILLED_ANNOUNCEMENT,
  LISTBOX_LABEL,
  suggestionsAnnouncement,
} from './AddressAutocomplete.tsx';
import { AUTOCOMPLETE_PATH, DETAILS_PATH } from './places-api.ts';
import type { AddressAutocompleteProps } from './props.ts';
import { BOSTON_DETAILS, MAIN_STREET_PREDICTIONS } from '../../../test/helpers/places-fixtures.ts';

const PROPS: AddressAutocompleteProps = {
  inputId: 'checkout-line1',
  listboxId: 'checkout-line1-suggestions',
  fieldIds: {
    city: 'checkout-city',
    region: 'checkout-region',
    postalCode: 'checkout-postalCode',
    country: 'checkout-country',
  },
};

let calls: URL[];
let submitted: number;

/** A fetch answering the proxy's two paths; `status` other than 200 answers that status. */
function installProxy(status = 200): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const parsed = new URL(url, 'http://shop.test');
      calls.push(parsed);
      if (status !== 200)
        return Promise.resolve(
          new Response(JSON.stringify({ error: 'Places are not configured' }), { status }),
        );
      const body = parsed.pathname === AUTOCOMPLETE_PATH ? MAIN_STREET_PREDICTIONS : BOSTON_DETAILS;
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
}

/** The checkout's address inputs as the server renders them, the island after Address line 1. */
function renderForm() {
  const form = document.createElement('form');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted += 1;
  });
  for (const [id, label] of [
    ['checkout-line1', 'Address line 1'],
    ['checkout-city', 'City'],
    ['checkout-region', 'Region'],
    ['checkout-postalCode', 'Postal code'],
    ['checkout-country', 'Country'],
  ] as const) {
    const labelElement = document.createElement('label');
    labelElement.htmlFor = id;
    labelElement.textContent = label;
    const input = document.createElement('input');
    input.id = id;
    form.append(labelElement, input);
  }
  const container = document.createElement('div');
  form.append(container);
  document.body.append(form);
  render(<AddressAutocomplete {...PROPS} />, { container });
  return screen.getByLabelText<HTMLInputElement>('Address line 1');
}

function type(input: HTMLInputElement, value: string): void {
  fireEvent.input(input, { target: { value } });
}

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const autocompleteCalls = () => calls.filter((url) => url.pathname === AUTOCOMPLETE_PATH);
const detailsCalls = () => calls.filter((url) => url.pathname === DETAILS_PATH);

beforeEach(() => {
  calls = [];
  submitted = 0;
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSuggestions(input: HTMLInputElement): Promise<void> {
  type(input, '1 Main');
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
  // The list renders before React's passive effects run outside act(); the key listeners and the
  // combobox attributes are effects, so wait until they describe the open list too.
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
}

describe('address autocomplete island', () => {
  it('renders an empty, hidden listbox on the server, and the plain input stays as it was', () => {
    const html = renderToString(<AddressAutocomplete {...PROPS} />);
    expect(html).toContain(
      `<ul id="checkout-line1-suggestions" role="listbox" aria-label="${LISTBOX_LABEL}" class="address-suggestions" hidden="">`,
    );
    expect(html).not.toContain('role="option"');
    expect(renderToString(<AddressAutocomplete inputId="bad id" />)).toBe('');
  });

  it('makes Address line 1 a combobox controlling the listbox', () => {
    installProxy();
    const input = renderForm();
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-controls')).toBe('checkout-line1-suggestions');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks the proxy once, after the pause, with the tracking context, and lists the suggestions', async () => {
    installProxy();
    const input = renderForm();
    type(input, '1 M');
    type(input, '1 Ma');
    type(input, '1 Main');
    expect(autocompleteCalls()).toHaveLength(0);
    await waitFor(() => expect(autocompleteCalls()).toHaveLength(1));
    const [call] = autocompleteCalls();
    expect(call?.searchParams.get('input')).toBe('1 Main');
    expect(call?.searchParams.get('sessionToken')).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(call?.searchParams.get('trackingContext') ?? '')).toMatchObject({
      productPage: 'checkout',
      productSection: 'shipping-address',
    });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        '1 Main St, Albany, NY, USA',
        '1 Main St, Boston, MA, USA',
      ]),
    );
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(suggestionsAnnouncement(2));
    expect(DEBOUNCE_MS).toBe(250);
  });

  it('asks nothing for fewer than three characters', async () => {
    installProxy();
    const input = renderForm();
    type(input, '1 ');
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS + 100));
    expect(calls).toEqual([]);
  });

  it('moves through the suggestions with the arrow keys, wrapping, and picks one with Enter', async () => {
    installProxy();
    const input = renderForm();
    await openSuggestions(input);
    const options = () => screen.getAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);

    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    // The default (submitting the order form) is prevented.
    expect(enter).toBe(false);
    await waitFor(() => expect(value('City')).toBe('Boston'));
    expect(value('Address line 1')).toBe('1 Main Street');
    expect(value('Region')).toBe('MA');
    expect(value('Postal code')).toBe('02108');
    expect(value('Country')).toBe('US');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe(FILLED_ANNOUNCEMENT);
    const [details] = detailsCalls();
    expect(details?.searchParams.get('placeId')).toBe('place-boston');
    // One provider session: the details call carries the search's token, and its context.
    expect(details?.searchParams.get('sessionToken')).toBe(
      autocompleteCalls()[0]?.searchParams.get('sessionToken'),
    );
    expect(JSON.parse(details?.searchParams.get('trackingContext') ?? '')).toEqual({
      productPage: 'checkout',
      productSection: 'shipping-address',
    });
    expect(submitted).toBe(0);
  });

  it('lets Enter submit the form when no suggestion is active', async () => {
    installProxy();
    const input = renderForm();
    await openSuggestions(input);
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(true);
    expect(detailsCalls()).toEqual([]);
  });

  it('closes the list with Escape, keeping what was typed', async () => {
    installProxy();
    const input = renderForm();
    await openSuggestions(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    expect(input.value).toBe('1 Main');
  });

  it('fills the address from a clicked suggestion', async () => {
    installProxy();
    const input = renderForm();
    await openSuggestions(input);
    act(() => {
      fireEvent.click(screen.getByRole('option', { name: '1 Main St, Albany, NY, USA' }));
    });
    await waitFor(() => expect(value('City')).toBe('Boston'));
    expect(detailsCalls()[0]?.searchParams.get('placeId')).toBe('place-albany');
  });

  it('stays the plain form, silently, when the proxy answers 503 or fails', async () => {
    const errors = vi.spyOn(console, 'error');
    for (const status of [503, 502]) {
      calls = [];
      installProxy(status);
      const input = renderForm();
      type(input, '1 Main');
      await waitFor(() => expect(input.hasAttribute('role')).toBe(false));
      expect(input.hasAttribute('aria-expanded')).toBe(false);
      expect(input.hasAttribute('aria-controls')).toBe(false);
      expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
      // Typing on asks nothing more.
      type(input, '1 Main Street');
      await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS + 100));
      expect(autocompleteCalls()).toHaveLength(1);
      expect(input.value).toBe('1 Main Street');
      cleanup();
      document.body.innerHTML = '';
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it('stays quiet when fetch itself rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const input = renderForm();
    type(input, '1 Main');
    await waitFor(() => expect(input.hasAttribute('role')).toBe(false));
  });
});
