// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_EVENT, CONSENT_STORAGE_KEY } from '../../clients/analytics/consent.ts';
import CookieBanner, { DEFAULT_BANNER_TEXT } from './CookieBanner.tsx';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

describe('cookie banner', () => {
  it('renders nothing on the server, so hydration always matches', () => {
    expect(renderToString(<CookieBanner text={null} />)).toBe('');
  });

  it('asks a visitor who has not answered, in the site’s words or the default', () => {
    render(<CookieBanner text="We use cookies." />);
    expect(screen.getByRole('region', { name: 'Cookie consent' }).textContent).toContain(
      'We use cookies.',
    );
    cleanup();
    render(<CookieBanner />);
    expect(screen.getByText(DEFAULT_BANNER_TEXT)).toBeDefined();
  });

  it('remembers an acceptance, announces it and goes away', () => {
    const answers: unknown[] = [];
    const listener = (event: Event) => answers.push((event as CustomEvent).detail);
    window.addEventListener(CONSENT_EVENT, listener);
    render(<CookieBanner />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    });
    window.removeEventListener(CONSENT_EVENT, listener);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(answers).toEqual([{ consent: 'accepted' }]);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('remembers a refusal, and does not ask again', () => {
    render(<CookieBanner />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    });
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('declined');
    cleanup();
    render(<CookieBanner />);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
