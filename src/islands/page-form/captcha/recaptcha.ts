/**
 * The reCAPTCHA widget: Google's script loaded once (explicit rendering, English), then one
 * widget per form with the site key and the form's theme.
 */
import type { MountCaptcha } from './captcha-widget.ts';

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=en';

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    node: HTMLElement,
    options: {
      sitekey: string;
      theme: string;
      callback: (response: string) => void;
      'expired-callback': () => void;
    },
  ): number;
  getResponse(widgetId: number): string;
  reset(widgetId: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

function loadScript(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const ready = () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA did not load'));
    };
    if (window.grecaptcha) return ready();
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => reject(new Error('reCAPTCHA did not load')));
    document.head.append(script);
  });
  // A script that failed to load may be asked for again by the next form shown.
  loading.catch(() => (loading = undefined));
  return loading;
}

export const mountRecaptcha: MountCaptcha = async (node, options) => {
  const api = await loadScript();
  const widgetId = api.render(node, {
    sitekey: options.siteKey,
    theme: options.theme,
    callback: (response) => options.onChange?.(response),
    'expired-callback': () => options.onChange?.(undefined),
  });
  return {
    response: () => {
      const response = api.getResponse(widgetId);
      return response === '' ? undefined : response;
    },
    reset: () => api.reset(widgetId),
  };
};
