/**
 * The restock form's captcha, through the site's one captcha client (ALTCHA or reCAPTCHA, the
 * page form's): loaded only when a restock form is first shown. Destroying it empties its node,
 * so nothing of the widget outlives a sign-up.
 */
import type { RestockCaptcha } from '../../shared/restock/form-props.ts';

export interface RestockCaptchaWidget {
  /** The widget's answer; undefined until the visitor completed it. */
  response(): string | undefined;
  reset(): void;
  destroy(): void;
}

export type CaptchaLoader = (
  node: HTMLElement,
  captcha: RestockCaptcha,
) => Promise<RestockCaptchaWidget>;

export const loadRestockCaptcha: CaptchaLoader = async (node, captcha) => {
  const { createCaptchaClient, loadMount } = await import('../page-form/captcha/captcha-client.ts');
  const client = createCaptchaClient(async (target, options) =>
    (await loadMount(captcha.provider))(target, options),
  );
  await client.render(node, { siteKey: captcha.siteKey, theme: 'light' });
  return {
    // A widget that failed to render has no answer: the form asks for the captcha again.
    response: () => {
      try {
        return client.response();
      } catch {
        return undefined;
      }
    },
    reset: () => {
      try {
        client.reset();
      } catch {
        // Nothing rendered, nothing to reset.
      }
    },
    destroy: () => node.replaceChildren(),
  };
};
