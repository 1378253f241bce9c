// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusTrap } from './focus-trap.ts';

function Trapped({ active }: { active: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, active);
  return (
    <>
      <button type="button">Behind</button>
      <div ref={box}>
        <button type="button">First</button>
        <input type="hidden" name="crumb" value="c" />
        <input aria-label="Email" />
        <button type="button" disabled>
          Off
        </button>
        <button type="button">Last</button>
      </div>
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => {
  cleanup();
});

describe('focus trap', () => {
  it('goes round the controls with Tab and Shift+Tab', () => {
    render(<Trapped active />);
    button('Last').focus();
    fireEvent.keyDown(document.activeElement ?? document, { key: 'Tab' });
    expect(document.activeElement).toBe(button('First'));
    fireEvent.keyDown(document.activeElement ?? document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(button('Last'));
  });

  it('leaves Tab alone between the controls inside', () => {
    render(<Trapped active />);
    button('First').focus();
    const event = fireEvent.keyDown(document.activeElement ?? document, { key: 'Tab' });
    // Not prevented: the browser moves on to the email field itself.
    expect(event).toBe(true);
  });

  it('brings focus that lands outside back in', () => {
    render(<Trapped active />);
    button('Behind').focus();
    expect(document.activeElement).toBe(button('First'));
  });

  it('does nothing while inactive', () => {
    render(<Trapped active={false} />);
    button('Behind').focus();
    expect(document.activeElement).toBe(button('Behind'));
    button('Last').focus();
    fireEvent.keyDown(document.activeElement ?? document, { key: 'Tab' });
    expect(document.activeElement).toBe(button('Last'));
  });
});
