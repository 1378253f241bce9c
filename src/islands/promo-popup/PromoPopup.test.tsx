// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATE_CLOSED_KEY, SUBMITTED_KEY } from './popup-memory.ts';
import PromoPopup, { OVERLAY_VIEW_EVENT } from './PromoPopup.tsx';

const props = {
  overlayId: 'spring',
  version: 'v1',
  title: 'Spring sale',
  body: '20% off linen.',
  buttonText: 'Shop now',
  buttonUrl: '/shop',
  delaySeconds: 3,
};
let views: unknown[];
const recordView = (event: Event) => views.push((event as CustomEvent).detail);

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

  it('opens after its delay and announces the view for the census', () => {
    render(<PromoPopup {...props} />);
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByText('Spring sale')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('Spring sale')).toBeDefined();
    expect(views).toEqual([{ overlayId: 'spring' }]);
  });

  it('remembers closing and stays closed on the next page', () => {
    render(<PromoPopup {...props} />);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(localStorage.getItem(DATE_CLOSED_KEY)).not.toBeNull();
    cleanup();
    render(<PromoPopup {...props} />);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Spring sale')).toBeNull();
    expect(views).toHaveLength(1);
  });

  it('remembers a followed button as submitted', () => {
    render(<PromoPopup {...props} />);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.click(screen.getByText('Shop now'), { preventDefault: true });
    expect(localStorage.getItem(SUBMITTED_KEY)).toBe('true');
  });
});
