/**
 * What a captcha provider's module (altcha.ts, recaptcha.ts) gives the captcha client: a mount
 * function and the widget it renders. A file of its own, since the client loads those modules.
 */
export interface CaptchaRenderOptions {
  readonly siteKey: string;
  readonly theme: 'light' | 'dark';
  /** Called with the widget's answer when it has one, and with undefined when it expires. */
  readonly onChange?: (response: string | undefined) => void;
}

/** A provider's rendered widget. */
export interface CaptchaWidget {
  response(): string | undefined;
  reset(): void;
}

export type MountCaptcha = (
  node: HTMLElement,
  options: CaptchaRenderOptions,
) => Promise<CaptchaWidget>;
