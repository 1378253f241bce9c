/**
 * One captcha client for either provider (ALTCHA or reCAPTCHA): it renders the provider's widget
 * into a node, answers with the widget's response, and resets it after a failed submission.
 * Asked before its widget rendered it throws 'ReCaptcha has not been set up!'; a widget that
 * fails to render is logged as 'Error rendering captcha into node', never thrown at the visitor.
 */
import { CAPTCHA_MESSAGES } from '../../../shared/forms/captcha-messages.ts';
import type { CaptchaProvider } from '../../../shared/forms/site-settings.ts';
import type { CaptchaRenderOptions, CaptchaWidget, MountCaptcha } from './captcha-widget.ts';

export type { CaptchaRenderOptions, CaptchaWidget, MountCaptcha };

export interface CaptchaClient {
  render(node: HTMLElement, options: CaptchaRenderOptions): Promise<void>;
  /** The widget's answer; undefined until the visitor completed it. */
  response(): string | undefined;
  reset(): void;
}

export function createCaptchaClient(mount: MountCaptcha): CaptchaClient {
  let widget: CaptchaWidget | undefined;
  const rendered = (): CaptchaWidget => {
    if (widget === undefined) throw new Error(CAPTCHA_MESSAGES.notSetUp);
    return widget;
  };
  return {
    async render(node, options) {
      try {
        widget = await mount(node, options);
      } catch (error) {
        console.error(CAPTCHA_MESSAGES.renderFailed, error);
      }
    },
    response: () => rendered().response(),
    reset: () => rendered().reset(),
  };
}

/** The provider's mount, loaded only when a form with a captcha is shown. */
export async function loadMount(provider: CaptchaProvider): Promise<MountCaptcha> {
  if (provider === 'recaptcha') return (await import('./recaptcha.ts')).mountRecaptcha;
  return (await import('./altcha.ts')).mountAltcha;
}
