// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRecaptcha } from './recaptcha.ts';

afterEach(() => {
  delete window.grecaptcha;
  vi.restoreAllMocks();
});

describe('the reCAPTCHA widget', () => {
  it('renders with the site key and theme, answers its token and resets', async () => {
    let callbacks:
      { callback: (token: string) => void; 'expired-callback': () => void } | undefined;
    let token = '';
    const api = {
      ready: (callback: () => void) => callback(),
      render: vi.fn((_node: HTMLElement, options: NonNullable<typeof callbacks> & object) => {
        callbacks = options;
        return 7;
      }),
      getResponse: vi.fn(() => token),
      reset: vi.fn(),
    };
    window.grecaptcha = api;
    const changes: (string | undefined)[] = [];
    const node = document.createElement('div');
    const widget = await mountRecaptcha(node, {
      siteKey: 'site-key',
      theme: 'dark',
      onChange: (response) => changes.push(response),
    });
    expect(api.render).toHaveBeenCalledWith(
      node,
      expect.objectContaining({ sitekey: 'site-key', theme: 'dark' }),
    );
    expect(widget.response()).toBeUndefined();
    token = 'token-1';
    callbacks?.callback('token-1');
    expect(widget.response()).toBe('token-1');
    callbacks?.['expired-callback']();
    expect(changes).toEqual(['token-1', undefined]);
    widget.reset();
    expect(api.reset).toHaveBeenCalledWith(7);
    expect(api.getResponse).toHaveBeenCalledWith(7);
  });
});
