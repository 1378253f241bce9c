// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_SUBMITTED_EVENT } from '../../shared/forms/form-submitted-event.ts';
import type { PageFormProps } from '../../shared/forms/page-form-view.ts';
import type { PromoPopupProps } from '../../shared/promo-popup/island-props.ts';
import { DATE_CLOSED_KEY, SUBMITTED_KEY, VERSION_KEY } from './popup-memory.ts';
import { OVERLAY_VIEW_EVENT } from '../../shared/analytics/overlay-view-event.ts';
import PromoPopup from './PromoPopup.tsx';

const DAY = 24 * 60 * 60 * 1000;
const props: PromoPopupProps = {
  overlayId: 'promo-popup-v1',
  version: 1,
  title: 'Spring sale',
  body: '20% off linen.',
  action: { text: 'Shop now', url: '/shop' },
  trigger: { type: 'delay', seconds: 3 },
  reshowAfterDays: 7,
};
const newsletter: PageFormProps = {
  formId: 'newsletter-form',
  name: 'Newsletter',
  newsletter: true,
  fields: [{ id: 'email', type: 'email', title: 'Email', required: true }],
  submitLabel: 'Subscribe',
  redirectHosts: [],
  action: '/forms/submit#page-form-newsletter-form',
  crumb: 'c',
  page: { id: 'home', title: 'Home', path: '/', contentSource: 'c' },
};
let views: unknown[];
const recordView = (event: Event) => views.push((event as CustomEvent).detail);

function showAfterDelay(popup: PromoPopupProps = props) {
  render(<PromoPopup {...popup} />);
  act(() => {
    vi.advanceTimersByTime(3000);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  views = [];
  document.addEventListener(OVERLAY_VIEW_EVENT, recordView);
});

afterEach(() => {
  document.removeEventListener(OVERLAY_VIEW_EVENT, recordView);
  cleanup();
  vi.useRealTimers();
});

describe('promotional popup', () => {
  it('renders nothing on the server', () => {
    expect(renderToString(<PromoPopup {...props} />)).toBe('');
  });

  it('opens after its delay as a dialog named by its title and announces the view', () => {
    render(<PromoPopup {...props} />);
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const dialog = screen.getByRole('dialog', { name: 'Spring sale' });
    expect(dialog.getAttribute('aria-describedby')).toBe('promo-popup-v1-body');
    expect(screen.getByText('20% off linen.').id).toBe('promo-popup-v1-body');
    expect(views).toEqual([{ overlayId: 'promo-popup-v1' }]);
  });

  it('remembers closing and stays closed on the next page until the waiting days pass', () => {
    showAfterDelay();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(Number(localStorage.getItem(DATE_CLOSED_KEY))).toBe(Date.now());
    expect(localStorage.getItem(VERSION_KEY)).toBe('1');
    cleanup();
    showAfterDelay();
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    vi.setSystemTime(Date.now() + 7 * DAY);
    showAfterDelay();
    expect(screen.getByRole('dialog')).toBeDefined();
    expect(views).toHaveLength(2);
  });

  it('comes back at once to a visitor who closed it when the version is raised', () => {
    showAfterDelay();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    cleanup();
    showAfterDelay({ ...props, version: 2, overlayId: 'promo-popup-v2' });
    expect(screen.getByRole('dialog')).toBeDefined();
    expect(views).toEqual([{ overlayId: 'promo-popup-v1' }, { overlayId: 'promo-popup-v2' }]);
  });

  it('closes on Escape (the dialog cancel) and gives focus back to where it was', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    showAfterDelay();
    act(() => {
      fireEvent(screen.getByRole('dialog'), new Event('cancel'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(DATE_CLOSED_KEY)).not.toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('closes on a click on the backdrop, not on its content', () => {
    showAfterDelay();
    act(() => {
      fireEvent.click(screen.getByText('20% off linen.'));
    });
    expect(screen.getByRole('dialog')).toBeDefined();
    act(() => {
      fireEvent.click(screen.getByRole('dialog'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never comes back after its call to action is followed, even in a new version', () => {
    showAfterDelay();
    fireEvent.click(screen.getByRole('link', { name: 'Shop now' }));
    expect(localStorage.getItem(SUBMITTED_KEY)).toBe('true');
    cleanup();
    showAfterDelay({ ...props, version: 2 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on scroll depth when its trigger says so', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      value: 2000,
    });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
    render(<PromoPopup {...props} trigger={{ type: 'scroll', percent: 50 }} />);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 500 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('dialog')).toBeDefined();
  });

  it('shows the newsletter form when it opens and remembers a stored sign-up as submitted', async () => {
    vi.useRealTimers();
    const signUp: PromoPopupProps = {
      ...props,
      action: undefined,
      newsletter,
      trigger: { type: 'delay', seconds: 0 },
    };
    render(<PromoPopup {...signUp} />);
    const email = await screen.findByLabelText(/Email/);
    expect(email.closest('dialog')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDefined();
    // Another form's submission is not this popup's answer.
    document.dispatchEvent(
      new CustomEvent(FORM_SUBMITTED_EVENT, { detail: { formId: 'contact-form' } }),
    );
    expect(localStorage.getItem(SUBMITTED_KEY)).toBeNull();
    document.dispatchEvent(
      new CustomEvent(FORM_SUBMITTED_EVENT, { detail: { formId: 'newsletter-form' } }),
    );
    expect(localStorage.getItem(SUBMITTED_KEY)).toBe('true');
    cleanup();
    render(<PromoPopup {...signUp} version={5} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
