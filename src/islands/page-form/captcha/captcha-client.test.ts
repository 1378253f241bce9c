import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCaptchaClient, type CaptchaWidget } from './captcha-client.ts';

afterEach(() => vi.restoreAllMocks());

const node = {} as HTMLElement;
const options = { siteKey: 'k', theme: 'light' } as const;

describe('the captcha client, either provider', () => {
  it('throws “ReCaptcha has not been set up!” when asked before its widget rendered', () => {
    const client = createCaptchaClient(() => new Promise<CaptchaWidget>(() => undefined));
    expect(() => client.response()).toThrow('ReCaptcha has not been set up!');
    expect(() => client.reset()).toThrow('ReCaptcha has not been set up!');
  });

  it('answers with the widget’s response and resets it once rendered', async () => {
    const reset = vi.fn();
    const client = createCaptchaClient(() => Promise.resolve({ response: () => 'token', reset }));
    await client.render(node, options);
    expect(client.response()).toBe('token');
    client.reset();
    expect(reset).toHaveBeenCalledOnce();
  });

  it('logs “Error rendering captcha into node” when the widget fails, and never throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('no widget');
    const client = createCaptchaClient(() => Promise.reject(failure));
    await expect(client.render(node, options)).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith('Error rendering captcha into node', failure);
    expect(() => client.response()).toThrow('ReCaptcha has not been set up!');
  });
});
