/**
 * The form's captcha (ALTCHA or reCAPTCHA) in the form's theme and alignment. The provider's
 * widget is loaded only when the form scrolls into view, and the client is handed to the form,
 * which asks it for the answer on submit and resets it after a failure.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { PageFormCaptcha } from '../../shared/forms/page-form-view.ts';
import { createCaptchaClient, loadMount, type CaptchaClient } from './captcha/captcha-client.ts';

export interface CaptchaProps {
  readonly formId: string;
  readonly captcha: PageFormCaptcha;
  readonly error?: string | undefined;
  readonly clientRef: RefObject<CaptchaClient | null>;
}

export function Captcha({ formId, captcha, error, clientRef }: CaptchaProps) {
  const nodeRef = useRef<HTMLDivElement>(null);
  const { provider, siteKey, theme } = captcha;

  useEffect(() => {
    const node = nodeRef.current;
    if (!node) return;
    const client = createCaptchaClient(async (target, options) =>
      (await loadMount(provider))(target, options),
    );
    clientRef.current = client;
    let shown = false;
    const show = () => {
      if (shown) return;
      shown = true;
      void client.render(node, { siteKey, theme });
    };
    if (typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        show();
      }
    });
    observer.observe(node.closest('form') ?? node);
    return () => observer.disconnect();
  }, [provider, siteKey, theme, clientRef]);

  const id = `page-form-${formId}-captcha`;
  return (
    <div
      className={`page-form-captcha page-form-captcha--${captcha.alignment} page-form-captcha--${theme}`}
      data-provider={provider}
    >
      {error === undefined ? null : (
        <p className="page-form-error" id={`${id}-error`} data-form-error="">
          {error}
        </p>
      )}
      <div className="page-form-captcha-widget" id={id} ref={nodeRef} />
    </div>
  );
}
