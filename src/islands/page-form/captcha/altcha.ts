/**
 * The ALTCHA widget (self-hosted proof of work), loaded only when a form that needs it is shown:
 * its external build (no inline style or blob worker, so the page's CSP holds), its stylesheet,
 * and the SHA-256 solver as a worker file of our own origin. The widget fetches its challenge
 * from the captcha module and leaves the solved payload as its answer.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';
import type { CaptchaWidget, MountCaptcha } from './captcha-widget.ts';

/** GET route of src/server/modules/captcha/routes.ts. */
export const ALTCHA_CHALLENGE_PATH = '/api/vitrine/captcha/challenge';

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

interface StateChange {
  readonly payload?: string;
  readonly state?: string;
}

export const mountAltcha: MountCaptcha = async (node, options) => {
  const element = document.createElement('altcha-widget');
  element.setAttribute('challenge', ALTCHA_CHALLENGE_PATH);
  element.setAttribute('name', 'altcha');
  let payload: string | undefined;
  element.addEventListener('statechange', (event) => {
    const detail = (event as CustomEvent<StateChange>).detail;
    payload = detail.state === 'verified' ? detail.payload : undefined;
    options.onChange?.(payload);
  });
  node.replaceChildren(element);
  await customElements.whenDefined('altcha-widget');
  const widget: CaptchaWidget = {
    response: () => payload,
    reset: () => {
      payload = undefined;
      element.reset();
    },
  };
  return widget;
};
